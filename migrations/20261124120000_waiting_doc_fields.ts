import { Kysely, sql } from 'kysely';

/*
 * The waiting ticket's stored JSON (migration 20261124080000) built from the field list of a
 * ticket's view (libs/contracts/src/ticket-view.ts, WAITING_DOC_FIELDS) instead of a list
 * written by hand. The list is copied here, not imported: a migration that has run must build
 * the same function when it runs again on a new database, whatever the definition becomes. A
 * field added to the view comes with a new migration like this one, with the new list;
 * test/queues.int.ts fails while the live trigger and the definition disagree.
 */
const FIELDS: readonly (readonly [key: string, column: string, kind: 'value' | 'instant'])[] = [
  ['id', 'id', 'value'],
  ['queue_id', 'queue_id', 'value'],
  ['uid', 'uid', 'value'],
  ['number', 'number', 'value'],
  ['label', 'label', 'value'],
  ['day', 'day', 'value'],
  ['status', 'status', 'value'],
  ['urgent', 'urgent', 'value'],
  ['late', 'late', 'value'],
  ['service_ids', 'service_ids', 'value'],
  ['member_id', 'member_id', 'value'],
  ['customer_id', 'customer_id', 'value'],
  ['checked_in_at', 'checked_in_at', 'instant'],
  ['checked_in_estimate_seconds', 'estimated_wait_seconds', 'value'],
  ['notes', 'notes', 'value'],
];

/** Instants as the API writes them (JSON of a Date): UTC, milliseconds, `Z`. */
const valueOf = ([, column, kind]: (typeof FIELDS)[number]) =>
  kind === 'instant' ? `to_char(NEW.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `NEW.${column}`;

/** The trigger function for a field list: only names from the list above, never input. */
export function waitingDocFunction(fields: typeof FIELDS): string {
  const pairs = fields.map((f) => `'${f[0]}', ${valueOf(f)}`).join(',\n          ');
  return `
    CREATE OR REPLACE FUNCTION queue_tickets_waiting_doc() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_doc text;
    BEGIN
      IF NEW.status = 'waiting' THEN
        v_doc := json_build_object(
          ${pairs})::text;
        -- Kept open (no closing brace): the read appends rank and estimate, and a registered
        -- customer's current name, which lives in the customer's erasable record.
        NEW.waiting_doc := left(v_doc, -1)
          || CASE WHEN NEW.customer_id IS NOT NULL AND NEW.customer_name IS NULL THEN '' ELSE ',"customer_name":' || COALESCE(to_json(NEW.customer_name)::text, 'null') END;
      ELSE
        NEW.waiting_doc := NULL;
      END IF;
      RETURN NEW;
    END $$;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(waitingDocFunction(FIELDS)).execute(db);
  // Waiting rows get their text in the new shape now, not at their next change.
  await sql`UPDATE queue_tickets SET status = status WHERE status = 'waiting'`.execute(db);
}

/** The previous list's order: notes before the check-in estimate. */
export async function down(db: Kysely<any>): Promise<void> {
  const previous = [...FIELDS.slice(0, 13), FIELDS[14], FIELDS[13]];
  await sql.raw(waitingDocFunction(previous)).execute(db);
  await sql`UPDATE queue_tickets SET status = status WHERE status = 'waiting'`.execute(db);
}
