import { sql } from 'kysely';
import type { Db } from '@tabour/platform';

/** Polls until `check` holds; fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const actor = { type: 'system' as const, name: 'test' };
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The subscription's checkpoint has passed the last event stored when this is called. */
export async function caughtUp(db: Db, name: string): Promise<boolean> {
  const res = await sql<{ done: boolean }>`
    SELECT (c.transaction_id, c.position) >= (e.transaction_id, e.position) AS done
    FROM es_checkpoints c, (SELECT transaction_id, position FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1) e
    WHERE c.name = ${name}`.execute(db);
  return res.rows[0]?.done === true;
}
