import { sql, type RawBuilder } from 'kysely';
import type { InlineProjection, ProjectionDb } from '@tabour/eventstore';
import { newDataKey } from './crypto';
import { isSealed, type PersonalEvents } from './personal-events';

/*
 * The data keys of the subjects whose personal text the queues and bookings seal (a ticket, a
 * queue request, a booking, a booking request): one table, `queue_pii_keys` (named for its
 * first users, migration 20261124130000), one row per tenant and subject, a NULL key once
 * destroyed, so a subject whose key was destroyed is told apart from one that never had any.
 * Only this module reads or writes it. A customer's own key lives with the customer
 * (`customer_keys`, libs/customers).
 */

type Db = ProjectionDb;
export type SubjectKeys = Map<string, Buffer | null>;

/** The stored keys of these (tenant, subject) pairs; a destroyed key reads as null. */
export async function readKeys(db: Db, pairs: { tenantId: string; subject: string }[]): Promise<SubjectKeys> {
  const out: SubjectKeys = new Map();
  if (!pairs.length) return out;
  const res = await sql<{ subject_id: string; data_key: Buffer | null }>`
    SELECT k.subject_id, k.data_key FROM queue_pii_keys k
    JOIN unnest(${pairs.map((p) => p.tenantId)}::uuid[], ${pairs.map((p) => p.subject)}::uuid[]) AS x(t, s) ON k.tenant_id = x.t AND k.subject_id = x.s`.execute(
    db,
  );
  for (const r of res.rows) out.set(r.subject_id, r.data_key);
  return out;
}

const ofTenant = (tenantId: string, subjects: string[]) => subjects.map((subject) => ({ tenantId, subject }));

/**
 * The keys of these subjects of one tenant, made for those without one (safe when two
 * processes race). A destroyed key stays destroyed: it reads as null.
 */
export async function ensureKeys(db: Db, tenantId: string, subjects: string[]): Promise<SubjectKeys> {
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
  const keys: SubjectKeys = new Map(res.rows.map((r) => [r.subject_id, r.data_key] as const));
  // A key another transaction committed while this statement ran is in neither part: read it.
  return subjects.every((s) => keys.has(s)) ? keys : readKeys(db, ofTenant(tenantId, subjects));
}

/**
 * Keys of the appends under way in this process, by subject: the inline projections open the
 * events of an append with them, and a key made for a new subject (`fresh`) is stored from
 * here in the append's own transaction (no round trip before it). An entry lives only while its
 * append runs.
 */
const held = new Map<string, { tenantId: string; key: Buffer | null; fresh: boolean }>();

/** The key held for a subject by an append under way, if any. */
export const heldKey = (subject: string): { key: Buffer | null } | undefined => held.get(subject);

/** Holds the keys of one append; the function returned lets go of them once it is settled. */
export function holdKeys(tenantId: string, keys: SubjectKeys, fresh: ReadonlySet<string>): () => void {
  const entries = [...keys].map(([subject, key]) => [subject, { tenantId, key, fresh: fresh.has(subject) }] as const);
  for (const [subject, entry] of entries) held.set(subject, entry);
  return () => {
    for (const [subject, entry] of entries) if (held.get(subject) === entry) held.delete(subject);
  };
}

/**
 * A new key for a subject no key can stand for yet (an id this process has just made), held
 * for its first append; `release` lets go of it once the append is settled.
 */
export function holdNewKey(tenantId: string, subject: string): { key: Buffer; release(): void } {
  const key = newDataKey();
  return { key, release: holdKeys(tenantId, new Map([[subject, key]]), new Set([subject])) };
}

/**
 * Stores the keys made for new subjects of these events, in the transaction of the append
 * that sealed with them: the key exists exactly when the event does. `clash` is the error when
 * another append made a key for the same subject first (these events would not open).
 */
export function keyStoringProjection(name: string, sealing: PersonalEvents, clash: () => Error): InlineProjection {
  return {
    name,
    tables: [],
    handles: sealing.eventTypes,
    async apply(db, events) {
      const rows = new Map<string, { tenantId: string; key: Buffer }>();
      for (const e of events) {
        const s = isSealed(e) ? sealing.subject(e) : null;
        const h = s ? held.get(s) : undefined;
        if (s && h?.fresh && h.key) rows.set(s, { tenantId: h.tenantId, key: h.key });
      }
      if (!rows.size) return;
      const list = [...rows];
      const res = await sql<{ subject_id: string }>`
        INSERT INTO queue_pii_keys (tenant_id, subject_id, data_key)
        SELECT * FROM unnest(${list.map(([, r]) => r.tenantId)}::uuid[], ${list.map(([s]) => s)}::uuid[], ${list.map(([, r]) => r.key)}::bytea[])
        ON CONFLICT DO NOTHING RETURNING subject_id`.execute(db);
      if (res.rows.length !== list.length) throw clash();
    },
  };
}

/** Destroys the keys of a tenant's subjects that these queries select (each a `SELECT id …`). */
export async function destroyKeys(db: Db, tenantId: string, subjects: RawBuilder<unknown>[]): Promise<void> {
  if (!subjects.length) return;
  const any = sql.join(
    subjects.map((q) => sql`subject_id IN (${q})`),
    sql` OR `,
  );
  await sql`UPDATE queue_pii_keys SET data_key = NULL, destroyed_at = now()
    WHERE tenant_id = ${tenantId} AND data_key IS NOT NULL AND (${any})`.execute(db);
}
