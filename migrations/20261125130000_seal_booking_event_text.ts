import { createCipheriv, randomBytes } from 'node:crypto';
import { Kysely, sql } from 'kysely';

/*
 * Booking events written before personal text was sealed (docs/bookings.md, "Personal data in
 * booking events") still carry phone numbers, remarks, form answers and location pins in plain
 * text: erasure could not reach them and a rebuild would bring them back. They are sealed here
 * in place, each with its booking's or request's key, exactly as new events are. The rules are
 * copied from libs/bookings/src/pii.ts as they stand today, since a migration never changes
 * afterwards. The read models already hold the same text: nothing else moves.
 */

type Container = 'data' | 'changes' | 'input';
const FIELDS = ['phone_number', 'remarks', 'additional_data', 'location'];
const SPECS: Record<string, { subject: (d: any) => string | undefined; container: Container }> = {
  BookingCreated: { subject: (d) => d.booking_id, container: 'data' },
  BookingUpdated: { subject: (d) => d.booking_id, container: 'changes' },
  BookingRequested: { subject: (d) => d.request_id, container: 'input' },
  BookingRequestApproved: { subject: (d) => d.request_id, container: 'input' },
};
const KEY_OF: Record<Container, string | null> = { data: null, changes: 'changes', input: 'data' };
const PAGE = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** v1.<nonce>.<ciphertext>.<tag>, AES-256-GCM with the subject's id as associated data. */
function seal(value: unknown, key: Buffer, subject: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The personal fields present (null included, as new events seal them), and the event's data without them. */
function split(type: string, data: any): { subject: string; personal: Record<string, unknown>; rest: any } | null {
  const spec = SPECS[type];
  const k = KEY_OF[spec.container];
  const c = k ? data?.[k] : data;
  const subject = spec.subject(data);
  if (!c || typeof c !== 'object' || !subject || !UUID.test(subject)) return null;
  const personal: Record<string, unknown> = {};
  const kept: Record<string, unknown> = { ...c };
  for (const f of FIELDS) {
    if (!(f in c)) continue;
    personal[f] = c[f];
    delete kept[f];
  }
  if (!Object.keys(personal).length) return null;
  return { subject, personal, rest: k ? { ...data, [k]: kept } : kept };
}

export async function up(db: Kysely<any>): Promise<void> {
  const types = Object.keys(SPECS);
  let after = 0;
  for (;;) {
    const page = await sql<{ position: string; tenant_id: string | null; event_type: string; data: any }>`
      SELECT position, tenant_id, event_type, data FROM es_events
      WHERE position > ${after} AND event_type = ANY(${types}::text[]) AND NOT (data ? 'pii')
      ORDER BY position LIMIT ${PAGE}`.execute(db);
    if (!page.rows.length) return;
    after = Number(page.rows[page.rows.length - 1].position);
    const todo = page.rows
      .map((r) => ({ position: r.position, tenant: r.tenant_id ?? r.data?.business_id, parts: split(r.event_type, r.data) }))
      .filter((r): r is { position: string; tenant: string; parts: NonNullable<ReturnType<typeof split>> } => !!r.parts && !!r.tenant);
    if (!todo.length) continue;
    const pairs = [...new Map(todo.map((r) => [`${r.tenant}/${r.parts.subject}`, { tenant: r.tenant, subject: r.parts.subject }])).values()];
    await sql`INSERT INTO queue_pii_keys (tenant_id, subject_id, data_key)
      SELECT * FROM unnest(${pairs.map((p) => p.tenant)}::uuid[], ${pairs.map((p) => p.subject)}::uuid[], ${pairs.map(() => randomBytes(32))}::bytea[])
      ON CONFLICT DO NOTHING`.execute(db);
    const keys = await sql<{ tenant_id: string; subject_id: string; data_key: Buffer | null }>`
      SELECT k.tenant_id, k.subject_id, k.data_key FROM queue_pii_keys k
      JOIN unnest(${pairs.map((p) => p.tenant)}::uuid[], ${pairs.map((p) => p.subject)}::uuid[]) AS x(t, s) ON k.tenant_id = x.t AND k.subject_id = x.s`.execute(
      db,
    );
    const keyOf = new Map(keys.rows.map((k) => [`${k.tenant_id}/${k.subject_id}`, k.data_key]));
    const sealed = todo
      .filter((r) => keyOf.get(`${r.tenant}/${r.parts.subject}`))
      .map((r) => ({
        position: r.position,
        data: JSON.stringify({ ...r.parts.rest, pii: seal(r.parts.personal, keyOf.get(`${r.tenant}/${r.parts.subject}`)!, r.parts.subject) }),
      }));
    await sql`UPDATE es_events e SET data = x.data FROM unnest(${sealed.map((s) => s.position)}::bigint[], ${sealed.map((s) => s.data)}::jsonb[]) AS x(p, data)
      WHERE e.position = x.p`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Sealed text is not written back in plain form.
}
