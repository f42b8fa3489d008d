import { sql } from 'kysely';
import type { InlineProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import { conflict } from '@tabour/platform';
import { open, seal } from '@tabour/customers';

/**
 * Personal text in queue events (docs/queues.md, "Personal data in queue events"): a walk-in's
 * name, a ticket's notes, feedback text, a queue request's name, phone and note. Each is sealed
 * with a data key of its ticket or request (the subject) at the store's write boundary; the
 * decider, the state in memory and the inline projections see plain text. Erasure destroys the
 * subject's key, after which the log only yields the placeholders below.
 */

/** An event's data as read here: a JSON object. */
type Data = Record<string, unknown>;
type AnyEvent = { type: string; data: unknown };

interface PersonalSpec {
  /** The ticket or request whose key seals the event; also the sealed value's associated data. */
  subject(data: Data): string;
  /** The object holding the personal fields (the event's data, its ticket, its changes). */
  container: 'data' | 'ticket' | 'changes';
  fields: readonly string[];
  /** What a field reads as once its key is gone; a field absent here is left out. */
  erased: Record<string, unknown>;
}

const TICKET_ARRIVING: PersonalSpec = {
  subject: (d) => (d.ticket as Data).id as string,
  container: 'ticket',
  fields: ['customer_name'],
  erased: { customer_name: null },
};
const REQUEST_FIELDS = ['name', 'phone', 'note'] as const;

const SPECS: Record<string, PersonalSpec> = {
  TicketPushed: TICKET_ARRIVING,
  TicketRedirectedIn: TICKET_ARRIVING,
  TicketRestored: TICKET_ARRIVING,
  TicketNoteAdded: { subject: (d) => d.ticket_id as string, container: 'data', fields: ['text'], erased: { text: '' } },
  TicketFeedbackGiven: { subject: (d) => d.ticket_id as string, container: 'data', fields: ['text'], erased: { text: null } },
  QueueRequestSubmitted: { subject: (d) => d.request_id as string, container: 'data', fields: REQUEST_FIELDS, erased: { name: '', phone: '', note: null } },
  QueueRequestUpdated: { subject: (d) => d.request_id as string, container: 'changes', fields: REQUEST_FIELDS, erased: {} },
};

/** The event types that may carry personal text. */
export const PII_EVENT_TYPES = Object.keys(SPECS);

/** The text a note reads as once its ticket's key is destroyed. */
export const ERASED_NOTE_TEXT = '';

const containerOf = (spec: PersonalSpec, data: Data | null | undefined): Data | undefined =>
  (spec.container === 'data' ? data : spec.container === 'ticket' ? data?.ticket : data?.changes) as Data | undefined;

function withContainer(spec: PersonalSpec, data: Data, container: Data): Data {
  return spec.container === 'data' ? container : { ...data, [spec.container]: container };
}

/** The subject whose key an event needs: to seal it (decider form) or to open it (stored form). */
export function piiSubject(event: AnyEvent): string | null {
  const spec = SPECS[event.type];
  if (!spec) return null;
  const data = (event.data ?? {}) as Data;
  if ('pii' in data) return spec.subject(data);
  const c = containerOf(spec, data);
  return c && spec.fields.some((f) => c[f] != null) ? spec.subject(data) : null;
}

/**
 * The stored form: the personal fields that hold a value leave their place for `pii`, sealed
 * with the subject's key. A null key (destroyed by an erasure) drops them instead, so a copy
 * still held in memory never comes back into the log.
 */
export function sealQueueEvent<E extends AnyEvent>(event: E, key: Buffer | null): E {
  const spec = SPECS[event.type];
  const eventData = event.data as Data;
  const c = spec && containerOf(spec, eventData);
  if (!spec || !c) return event;
  const personal: Record<string, unknown> = {};
  const rest: Record<string, unknown> = { ...c };
  for (const f of spec.fields) {
    if (c[f] == null) continue;
    personal[f] = c[f];
    delete rest[f];
  }
  if (!Object.keys(personal).length) return event;
  if (!key) return { ...event, data: withContainer(spec, eventData, { ...rest, ...spec.erased }) };
  const data = withContainer(spec, eventData, rest);
  return { ...event, data: { ...data, pii: seal(personal, key, spec.subject(eventData)) } };
}

/** The decider's form of a stored event, and whether its personal part was erased. */
export function openQueueEvent<E extends AnyEvent>(stored: AnyEvent, key: Buffer | null): { event: E; erased: boolean } {
  const spec = SPECS[stored.type];
  if (!spec || !('pii' in ((stored.data ?? {}) as Data))) return { event: stored as E, erased: false };
  const { pii, ...data } = stored.data as Data;
  const personal = typeof pii === 'string' ? open<Record<string, unknown>>(pii, key, spec.subject(data)) : null;
  const c = containerOf(spec, data) ?? {};
  return { event: { type: stored.type, data: withContainer(spec, data, { ...c, ...(personal ?? spec.erased) }) } as E, erased: personal === null };
}

/**
 * Keys of the appends under way in this process, by subject: the inline projections open the
 * events of an append with them, and a key made for a new ticket is stored from here in the
 * append's own transaction (no round trip before it). An entry lives only while its append runs.
 */
const held = new Map<string, { tenantId: string; key: Buffer | null; fresh: boolean }>();

/** Holds the keys of one append; the function returned lets go of them once it is settled. */
export function holdKeys(tenantId: string, keys: Map<string, Buffer | null>, fresh: ReadonlySet<string>): () => void {
  for (const [subject, key] of keys) held.set(subject, { tenantId, key, fresh: fresh.has(subject) });
  return () => {
    for (const subject of keys.keys()) held.delete(subject);
  };
}

type Db = ProjectionDb;

/** The stored keys of these (tenant, subject) pairs; a destroyed key reads as null. */
export async function readKeys(db: Db, pairs: { tenantId: string; subject: string }[]): Promise<Map<string, Buffer | null>> {
  const out = new Map<string, Buffer | null>();
  if (!pairs.length) return out;
  const res = await sql<{ subject_id: string; data_key: Buffer | null }>`
    SELECT k.subject_id, k.data_key FROM queue_pii_keys k
    JOIN unnest(${pairs.map((p) => p.tenantId)}::uuid[], ${pairs.map((p) => p.subject)}::uuid[]) AS x(t, s) ON k.tenant_id = x.t AND k.subject_id = x.s`.execute(
    db,
  );
  for (const r of res.rows) out.set(r.subject_id, r.data_key);
  return out;
}

const tenantOf = (e: RecordedEvent): string => e.tenantId ?? ((e.data as Data | null)?.business_id as string);

/** Opens stored events with the held keys, or with the stored ones (a rebuild, another process's append). */
export async function openRecorded(db: Db, events: RecordedEvent[]): Promise<{ event: RecordedEvent; erased: boolean }[]> {
  const missing = new Map<string, string>();
  for (const e of events) {
    const s = 'pii' in ((e.data ?? {}) as Data) ? piiSubject(e) : null;
    if (s && !held.has(s)) missing.set(s, tenantOf(e));
  }
  const stored = await readKeys(
    db,
    [...missing].map(([subject, tenantId]) => ({ tenantId, subject })),
  );
  return events.map((e) => {
    if (!('pii' in ((e.data ?? {}) as Data))) return { event: e, erased: false };
    const s = piiSubject(e)!;
    const { event, erased } = openQueueEvent(e, held.has(s) ? held.get(s)!.key : (stored.get(s) ?? null));
    return { event: { ...e, data: event.data }, erased };
  });
}

/**
 * An inline projection that sees plain text: events are opened before it applies them. A
 * request whose key is gone is skipped whole (its name and phone are what it is), as the
 * customers' projection skips an erased customer.
 */
export function openingProjection<P extends InlineProjection<AnyEvent>>(projection: P): P {
  return {
    ...projection,
    async apply(db: Db, events: RecordedEvent[]) {
      if (!events.some((e) => 'pii' in ((e.data as object) ?? {}))) return projection.apply(db, events);
      const opened = await openRecorded(db, events);
      await projection.apply(
        db,
        opened.filter((o) => !(o.erased && o.event.type === 'QueueRequestSubmitted')).map((o) => o.event),
      );
    },
  };
}

/**
 * Stores the keys made for new tickets and requests, in the transaction of the append that
 * sealed with them: the key exists exactly when the event does.
 */
export const queuePiiKeysProjection: InlineProjection = {
  name: 'queues.pii_keys',
  tables: [],
  handles: PII_EVENT_TYPES,
  async apply(db, events) {
    const rows = new Map<string, { tenantId: string; key: Buffer }>();
    for (const e of events) {
      const s = 'pii' in ((e.data as object) ?? {}) ? piiSubject(e) : null;
      const h = s ? held.get(s) : undefined;
      if (s && h?.fresh && h.key) rows.set(s, { tenantId: h.tenantId, key: h.key });
    }
    if (!rows.size) return;
    const list = [...rows];
    const res = await sql<{ subject_id: string }>`
      INSERT INTO queue_pii_keys (tenant_id, subject_id, data_key)
      SELECT * FROM unnest(${list.map(([, r]) => r.tenantId)}::uuid[], ${list.map(([s]) => s)}::uuid[], ${list.map(([, r]) => r.key)}::bytea[])
      ON CONFLICT DO NOTHING RETURNING subject_id`.execute(db);
    // Another append made a key for the same subject first: these events would not open.
    if (res.rows.length !== list.length) throw conflict('The ticket is busy: try again', 'queue_busy');
  },
};

/** Keeps each element's other fields and blanks its text, in order. */
const BLANK_NOTES = sql`COALESCE((SELECT jsonb_agg(n.v || jsonb_build_object('text', ${ERASED_NOTE_TEXT}::text) ORDER BY n.i)
  FROM jsonb_array_elements(queue_tickets.notes) WITH ORDINALITY AS n(v, i)), '[]'::jsonb)`;

/**
 * Erasure reaches the queues: the keys of the tickets and requests concerned are destroyed
 * in the erasing append's transaction, and their read rows lose the text a rebuild would no
 * longer find (names, note texts, feedback text; a request is nothing without its name and
 * phone, so its row goes). Which subjects: a customer's erasure takes their tickets and the
 * requests approved for them; the history deletion takes every ticket that left the live list
 * and every request decided; a deleted account takes all.
 */
export const queuePiiErasureProjection: InlineProjection = {
  name: 'queues.pii_erasure',
  tables: [],
  handles: ['CustomerErased', 'BusinessHistoryDeleted', 'BusinessAccountDeleted'],
  async apply(db, events) {
    for (const e of events as RecordedEvent<string, Data>[]) {
      const tenant = e.data.business_id as string;
      const tickets =
        e.type === 'CustomerErased'
          ? sql`SELECT id FROM queue_tickets WHERE tenant_id = ${tenant} AND customer_id = ${e.data.customer_id}`
          : e.type === 'BusinessHistoryDeleted'
            ? sql`SELECT id FROM queue_tickets WHERE tenant_id = ${tenant} AND archived_at IS NOT NULL`
            : sql`SELECT id FROM queue_tickets WHERE tenant_id = ${tenant}`;
      const requests =
        e.type === 'CustomerErased'
          ? sql`SELECT id FROM queue_requests WHERE tenant_id = ${tenant} AND customer_id = ${e.data.customer_id}`
          : e.type === 'BusinessHistoryDeleted'
            ? sql`SELECT id FROM queue_requests WHERE tenant_id = ${tenant} AND status <> 'pending'`
            : sql`SELECT id FROM queue_requests WHERE tenant_id = ${tenant}`;
      await sql`UPDATE queue_pii_keys SET data_key = NULL, destroyed_at = now()
        WHERE tenant_id = ${tenant} AND data_key IS NOT NULL AND (subject_id IN (${tickets}) OR subject_id IN (${requests}))`.execute(db);
      await sql`UPDATE queue_tickets SET customer_name = NULL, feedback_text = NULL, notes = ${BLANK_NOTES}
        WHERE tenant_id = ${tenant} AND id IN (${tickets})
          AND (customer_name IS NOT NULL OR feedback_text IS NOT NULL OR jsonb_array_length(notes) > 0)`.execute(db);
      await sql`DELETE FROM queue_requests WHERE tenant_id = ${tenant} AND id IN (${requests})`.execute(db);
    }
  },
};
