import type { Db } from '@tabour/platform';
import { resourceNames } from '@tabour/resources';
import { wantedIds, type LogEvent, type Names } from './describe';

/**
 * The names a page of the log shows, read for the whole page at once: one query a table, so a
 * page of 25 sentences costs the same few reads as a page of one. Customer names are read only
 * for a reader who may see them.
 */
export async function readNames(db: Db, tenantId: string, zone: string, events: LogEvent[], personal: boolean): Promise<Names> {
  const ids = wantedIds(events);
  const list = (s: Set<string>) => [...s];
  const named = async (table: 'queues' | 'queue_counters' | 'departments' | 'services', s: Set<string>) =>
    new Map(
      s.size
        ? (await db.selectFrom(table).select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', list(s)).execute()).map((r) => [r.id, r.name])
        : [],
    );
  const tickets = ids.tickets.size
    ? await db
        .selectFrom('queue_tickets')
        .select(['id', 'label', 'queue_id', 'customer_name', 'customer_id'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', list(ids.tickets))
        .execute()
    : [];
  for (const t of tickets) if (t.customer_id) ids.customers.add(t.customer_id);
  const bookings = ids.bookings.size
    ? await db
        .selectFrom('bookings')
        .select(['id', 'starts_at', 'customer_id'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', list(ids.bookings))
        .execute()
    : [];
  for (const b of bookings) if (b.customer_id) ids.customers.add(b.customer_id);
  const customers =
    personal && ids.customers.size
      ? await db
          .selectFrom('customers')
          .select(['id', 'first_name', 'last_name'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', list(ids.customers))
          .execute()
      : [];
  const members = ids.members.size
    ? await db
        .selectFrom('team_members')
        .select(['id', 'first_name', 'last_name'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', list(ids.members))
        .execute()
    : [];
  // A login that is not a team member (the business's owner) is named from its user row.
  const loginsOnly = [...ids.members].filter((id) => !members.some((m) => m.id === id));
  const logins = loginsOnly.length
    ? await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('tenant_id', '=', tenantId).where('id', 'in', loginsOnly).execute()
    : [];
  const devices = ids.devices.size
    ? [
        ...(await db.selectFrom('kiosks').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', list(ids.devices)).execute()),
        ...(await db.selectFrom('displays').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', list(ids.devices)).execute()),
      ]
    : [];
  return {
    zone,
    personal,
    tickets: new Map(
      tickets.map((t) => [t.id, { label: t.label, queue_id: t.queue_id, customer_name: personal ? t.customer_name : null, customer_id: t.customer_id }]),
    ),
    queues: await named('queues', ids.queues),
    counters: await named('queue_counters', ids.counters),
    departments: await named('departments', ids.departments),
    services: await named('services', ids.services),
    customers: new Map(customers.map((c) => [c.id, [c.first_name, c.last_name].filter(Boolean).join(' ')]).filter(([, n]) => n) as [string, string][]),
    bookings: new Map(bookings.map((b) => [b.id, { starts_at: new Date(b.starts_at), customer_id: b.customer_id }])),
    members: new Map([...members, ...logins].map((m) => [m.id, `${m.first_name} ${m.last_name}`.trim()])),
    devices: new Map(devices.map((d) => [d.id, d.name])),
    resources: await resourceNames(db, tenantId, list(ids.resources)),
  };
}
