import { sql } from 'kysely';
import type { InlineProjection, ProjectionDb, RecordedEvent } from '@tabour/eventstore';
import { newDataKey, open, seal } from '@tabour/customers';

/**
 * Personal text in booking events (docs/bookings.md, "Personal data in booking events"): a
 * booking's phone number, remarks, form answers and location, and a booking request's copy of
 * them. Each is sealed with a data key of its booking or request (the subject) at the store's
 * write boundary; deciders and the inline projections see plain text. Erasure destroys the
 * subject's key, after which the log only yields the placeholders below. The keys live in the
 * same table as the queues' (one row per tenant and subject, a NULL key once destroyed).
 */

type Data = Record<string, unknown>;
type AnyEvent = { type: string; data: unknown };

interface PersonalSpec {
  subject(data: Data): string;
  /** Where the personal fields sit: the event's data, its changes, or the request's booking input. */
  container: 'data' | 'changes' | 'input';
  /** What the fields read as once the key is gone; an empty object leaves them out. */
  erased: Record<string, unknown>;
}

const FIELDS = ['phone_number', 'remarks', 'additional_data', 'location'] as const;
const ERASED = { phone_number: null, remarks: null, additional_data: {}, location: null };
const bookingId = (d: Data) => d.booking_id as string;
const requestId = (d: Data) => d.request_id as string;

const SPECS: Record<string, PersonalSpec> = {
  BookingCreated: { subject: bookingId, container: 'data', erased: ERASED },
  BookingUpdated: { subject: bookingId, container: 'changes', erased: {} },
  BookingRequested: { subject: requestId, container: 'input', erased: ERASED },
  BookingRequestApproved: { subject: requestId, container: 'input', erased: ERASED },
};

/** The event types that may carry personal text. */
export const BOOKING_PII_EVENT_TYPES = Object.keys(SPECS);

const KEY_OF = { data: null, changes: 'changes', input: 'data' } as const;

function containerOf(spec: PersonalSpec, data: Data): Data | undefined {
  const k = KEY_OF[spec.container];
  return (k ? data[k] : data) as Data | undefined;
}

function withContainer(spec: PersonalSpec, data: Data, c: Data): Data {
  const k = KEY_OF[spec.container];
  return k ? { ...data, [k]: c } : c;
}

/** The subject whose key seals or opens this event, null when it carries nothing personal. */
export function bookingPiiSubject(event: AnyEvent): string | null {
  const spec = SPECS[event.type];
  if (!spec) return null;
  const data = (event.data ?? {}) as Data;
  if ('pii' in data) return spec.subject(data);
  const c = containerOf(spec, data);
  return c && FIELDS.some((f) => c[f] !== undefined) ? spec.subject(data) : null;
}

/** The stored form: the personal fields given leave their place for `pii`; a destroyed key drops them. */
export function sealBookingEvent<E extends AnyEvent>(event: E, key: Buffer | null): E {
  const spec = SPECS[event.type];
  const data = event.data as Data;
  const c = spec && containerOf(spec, data);
  if (!spec || !c) return event;
  const personal: Data = {};
  const rest: Data = { ...c };
  for (const f of FIELDS) {
    if (c[f] === undefined) continue;
    personal[f] = c[f];
    delete rest[f];
  }
  if (!Object.keys(personal).length) return event;
  if (!key) return { ...event, data: withContainer(spec, data, { ...rest, ...spec.erased }) };
  return { ...event, data: { ...withContainer(spec, data, rest), pii: seal(personal, key, spec.subject(data)) } };
}

/** The decider's form of a stored event, and whether its personal part was erased. */
export function openBookingEvent<E extends AnyEvent>(stored: AnyEvent, key: Buffer | null): { event: E; erased: boolean } {
  const spec = SPECS[stored.type];
  if (!spec || !('pii' in ((stored.data ?? {}) as Data))) return { event: stored as E, erased: false };
  const { pii, ...data } = stored.data as Data;
  const personal = typeof pii === 'string' ? open<Data>(pii, key, spec.subject(data)) : null;
  const c = containerOf(spec, data) ?? {};
  return { event: { type: stored.type, data: withContainer(spec, data, { ...c, ...(personal ?? spec.erased) }) } as E, erased: personal === null };
}

type Db = ProjectionDb;

/**
 * Keys made in this process for bookings whose id it has just made, while their first append
 * runs: stored from here in that append's own transaction by `bookingPiiKeysProjection` (no
 * commit of their own before it), and used to open the append's events without reading them
 * back. An entry lives only while its append runs.
 */
const held = new Map<string, { tenantId: string; key: Buffer }>();

/**
 * A new key for a subject no key can stand for yet (a booking id this process has just made),
 * held for its first append; the function returned lets go of it once the append is settled.
 */
export function holdNewBookingKey(tenantId: string, subject: string): { key: Buffer; release(): void } {
  const key = newDataKey();
  held.set(subject, { tenantId, key });
  return {
    key,
    release: () => {
      if (held.get(subject)?.key === key) held.delete(subject);
    },
  };
}

/**
 * Stores the keys held for new bookings, in the transaction of the append that sealed with
 * them: the key exists exactly when the event does.
 */
export const bookingPiiKeysProjection: InlineProjection = {
  name: 'bookings.pii_keys',
  tables: [],
  handles: BOOKING_PII_EVENT_TYPES,
  async apply(db, events) {
    const rows = new Map<string, { tenantId: string; key: Buffer }>();
    for (const e of events) {
      const s = 'pii' in ((e.data as object) ?? {}) ? bookingPiiSubject(e) : null;
      const h = s ? held.get(s) : undefined;
      if (s && h) rows.set(s, h);
    }
    if (!rows.size) return;
    const list = [...rows];
    const res = await sql<{ subject_id: string }>`
      INSERT INTO queue_pii_keys (tenant_id, subject_id, data_key)
      SELECT * FROM unnest(${list.map(([, r]) => r.tenantId)}::uuid[], ${list.map(([s]) => s)}::uuid[], ${list.map(([, r]) => r.key)}::bytea[])
      ON CONFLICT DO NOTHING RETURNING subject_id`.execute(db);
    // Only an id made for this append gets a held key: another key standing for it is a fault.
    if (res.rows.length !== list.length) throw new Error('a data key already stood for a booking whose id was just made');
  },
};

/** The stored keys of these subjects of one tenant; a destroyed key reads as null. */
export async function readBookingKeys(db: Db, tenantId: string, subjects: string[]): Promise<Map<string, Buffer | null>> {
  const out = new Map<string, Buffer | null>();
  if (!subjects.length) return out;
  const res = await sql<{ subject_id: string; data_key: Buffer | null }>`
    SELECT subject_id, data_key FROM queue_pii_keys WHERE tenant_id = ${tenantId} AND subject_id = ANY(${subjects}::uuid[])`.execute(db);
  for (const r of res.rows) out.set(r.subject_id, r.data_key);
  return out;
}

/** The keys of these subjects, made for those without one; a destroyed key stays destroyed. */
export async function ensureBookingKeys(db: Db, tenantId: string, subjects: string[]): Promise<Map<string, Buffer | null>> {
  if (!subjects.length) return new Map();
  // One round trip: the keys made now come back from the insert, those that stood already from
  // the table (the statement's snapshot does not see its own insert, so no key is read twice).
  const res = await sql<{ subject_id: string; data_key: Buffer | null }>`
    WITH made AS (
      INSERT INTO queue_pii_keys (tenant_id, subject_id, data_key)
      SELECT ${tenantId}::uuid, x.s, x.k FROM unnest(${subjects}::uuid[], ${subjects.map(() => newDataKey())}::bytea[]) AS x(s, k)
      ON CONFLICT DO NOTHING
      RETURNING subject_id, data_key)
    SELECT subject_id, data_key FROM made
    UNION ALL
    SELECT subject_id, data_key FROM queue_pii_keys WHERE tenant_id = ${tenantId} AND subject_id = ANY(${subjects}::uuid[])`.execute(db);
  const keys = new Map(res.rows.map((r) => [r.subject_id, r.data_key] as const));
  // A key another transaction committed while this statement ran is in neither part: read it.
  return subjects.every((s) => keys.has(s)) ? keys : readBookingKeys(db, tenantId, subjects);
}

const tenantOf = (e: AnyEvent & { tenantId?: string | null }): string => e.tenantId ?? ((e.data as Data).business_id as string);

/** Stored events opened with their subjects' stored keys (one read per tenant). */
export async function openBookingEvents(db: Db, events: RecordedEvent[]): Promise<{ event: RecordedEvent; erased: boolean }[]> {
  const wanted = new Map<string, Set<string>>();
  for (const e of events) {
    if (!('pii' in ((e.data ?? {}) as Data))) continue;
    const t = tenantOf(e);
    if (!wanted.has(t)) wanted.set(t, new Set());
    wanted.get(t)!.add(bookingPiiSubject(e)!);
  }
  const keys = new Map<string, Buffer | null>();
  for (const subjects of wanted.values())
    for (const s of subjects) {
      const h = held.get(s);
      if (!h) continue;
      keys.set(s, h.key);
      subjects.delete(s);
    }
  for (const [t, subjects] of wanted) {
    if (!subjects.size) continue;
    for (const [s, k] of await readBookingKeys(db, t, [...subjects])) keys.set(s, k);
  }
  return events.map((e) => {
    if (!('pii' in ((e.data ?? {}) as Data))) return { event: e, erased: false };
    const { event, erased } = openBookingEvent(e, keys.get(bookingPiiSubject(e)!) ?? null);
    return { event: { ...e, data: event.data }, erased };
  });
}

/** An inline projection that sees plain text: sealed events are opened before it applies them. */
export function openingBookingProjection<E extends AnyEvent, D>(projection: InlineProjection<E, D>): InlineProjection<E, D> {
  // The wrapped projection keeps its own event and table types; here the events are only opened.
  const apply = (db: Db, events: RecordedEvent[]) => projection.apply(db as never, events as never);
  return {
    ...projection,
    async apply(db: Db, events: RecordedEvent[]) {
      if (!events.some((e) => 'pii' in ((e.data as object) ?? {}))) return apply(db, events);
      return apply(
        db,
        (await openBookingEvents(db, events)).map((o) => o.event),
      );
    },
  };
}

/** A request's stored input once its key is gone, as a rebuild reads its sealed events. */
const ERASED_INPUT = JSON.stringify(ERASED);

/**
 * Erasure reaches the bookings: in the erasing append's transaction the keys of the bookings
 * and requests concerned are destroyed, and their read rows lose the text a rebuild would no
 * longer find. A customer's erasure takes their bookings and requests; the history deletion
 * takes the bookings that have ended and the requests decided; a deleted account takes all.
 */
export const bookingPiiErasureProjection: InlineProjection = {
  name: 'bookings.pii_erasure',
  tables: [],
  handles: ['CustomerErased', 'BusinessHistoryDeleted', 'BusinessAccountDeleted'],
  async apply(db, events) {
    for (const e of events as RecordedEvent<string, Data>[]) {
      const tenant = e.data.business_id as string;
      const bookings =
        e.type === 'CustomerErased'
          ? sql`SELECT id FROM bookings WHERE tenant_id = ${tenant} AND customer_id = ${e.data.customer_id}`
          : e.type === 'BusinessHistoryDeleted'
            ? sql`SELECT id FROM bookings WHERE tenant_id = ${tenant} AND ends_at < ${e.recordedAt}`
            : sql`SELECT id FROM bookings WHERE tenant_id = ${tenant}`;
      const requests =
        e.type === 'CustomerErased'
          ? sql`SELECT id FROM booking_requests WHERE tenant_id = ${tenant} AND customer_id = ${e.data.customer_id}`
          : e.type === 'BusinessHistoryDeleted'
            ? sql`SELECT id FROM booking_requests WHERE tenant_id = ${tenant} AND status <> 'pending'`
            : sql`SELECT id FROM booking_requests WHERE tenant_id = ${tenant}`;
      await sql`UPDATE queue_pii_keys SET data_key = NULL, destroyed_at = now()
        WHERE tenant_id = ${tenant} AND data_key IS NOT NULL AND (subject_id IN (${bookings}) OR subject_id IN (${requests}))`.execute(db);
      await sql`UPDATE bookings SET phone_number = NULL, remarks = NULL, additional_data = '{}'::jsonb, location = NULL
        WHERE tenant_id = ${tenant} AND id IN (${bookings})`.execute(db);
      // Only an input that held personal fields was sealed; one without any rebuilds as it is.
      await sql`UPDATE booking_requests SET data = data || ${ERASED_INPUT}::jsonb
        WHERE tenant_id = ${tenant} AND id IN (${requests}) AND data ?| array['phone_number', 'remarks', 'additional_data', 'location']`.execute(db);
    }
  },
};
