import { Kysely, sql } from 'kysely';

/*
 * The statistics projection kept a booking payment's amount as the event states it, in the
 * currency, in a column of cents: whole amounts were a hundred times too small and an amount
 * with decimals stopped the projection (a bigint refuses 10.5). The projection now writes cents;
 * the rows written before it are whole amounts, made cents here once. A projection stopped on a
 * decimal amount takes the same batch again at its next start, with the fix.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE statistics_payments SET amount_cents = amount_cents * 100`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE statistics_payments SET amount_cents = amount_cents / 100`.execute(db);
}
