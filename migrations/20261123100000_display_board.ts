import { Kysely, sql } from 'kysely';

/*
 * The calling board of a display (docs/devices.md) lists the last tickets called today in each
 * of its queues, whatever became of them since. A queue keeps every ticket it ever had, so
 * without this index that read would scan a queue's whole history on every refresh of every
 * screen; with it, it reads one short index range per queue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX queue_tickets_called ON queue_tickets (tenant_id, queue_id, called_at DESC) WHERE called_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS queue_tickets_called`.execute(db);
}
