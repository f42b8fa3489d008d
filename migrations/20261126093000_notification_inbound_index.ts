import { Kysely, sql } from 'kysely';

/*
 * A customer's reply to an SMS (docs/notifications.md, "Replies") is matched to the newest SMS
 * sent to that number, across every business: without this index each reply reads the whole
 * ledger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX notification_messages_sms_recipient ON notification_messages (recipient, created_at DESC) WHERE channel = 'sms'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX notification_messages_sms_recipient`.execute(db);
}
