import { Kysely, sql } from 'kysely';

/*
 * Each waiting ticket keeps its own JSON text, written when its row is written. The waiting
 * list of a thousand is then read by joining a thousand ready texts, with only the parts that
 * depend on the moment (rank, estimate, a registered customer's current name) added at read:
 * building every field of every ticket on each read took half of the read's time, and screens
 * read the list far more often than a ticket changes. Rows that are not waiting keep no text,
 * so the archive costs nothing more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE queue_tickets ADD COLUMN waiting_doc text;

    CREATE FUNCTION queue_tickets_waiting_doc() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_doc text;
    BEGIN
      IF NEW.status = 'waiting' THEN
        v_doc := json_build_object(
          'id', NEW.id, 'queue_id', NEW.queue_id, 'uid', NEW.uid, 'number', NEW.number, 'label', NEW.label, 'day', NEW.day,
          'status', NEW.status, 'urgent', NEW.urgent, 'late', NEW.late, 'service_ids', NEW.service_ids, 'member_id', NEW.member_id,
          'customer_id', NEW.customer_id,
          'checked_in_at', to_char(NEW.checked_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'notes', NEW.notes, 'checked_in_estimate_seconds', NEW.estimated_wait_seconds)::text;
        -- Kept open (no closing brace): the read appends rank and estimate, and a registered
        -- customer's current name, which lives in the customer's erasable record.
        NEW.waiting_doc := left(v_doc, -1)
          || CASE WHEN NEW.customer_id IS NOT NULL AND NEW.customer_name IS NULL THEN '' ELSE ',"customer_name":' || COALESCE(to_json(NEW.customer_name)::text, 'null') END;
      ELSE
        NEW.waiting_doc := NULL;
      END IF;
      RETURN NEW;
    END $$;

    -- Fires for waiting rows and for rows leaving the waiting list; a year of archived tickets
    -- written at once does not call it.
    CREATE TRIGGER queue_tickets_waiting_doc BEFORE INSERT OR UPDATE ON queue_tickets
      FOR EACH ROW WHEN (NEW.status = 'waiting' OR NEW.waiting_doc IS NOT NULL)
      EXECUTE FUNCTION queue_tickets_waiting_doc();

    UPDATE queue_tickets SET status = status WHERE status = 'waiting';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS queue_tickets_waiting_doc ON queue_tickets;
    DROP FUNCTION IF EXISTS queue_tickets_waiting_doc();
    ALTER TABLE queue_tickets DROP COLUMN IF EXISTS waiting_doc;
  `.execute(db);
}
