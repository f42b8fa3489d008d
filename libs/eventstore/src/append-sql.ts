import { sql } from 'kysely';
import { DatabaseError } from 'pg';
import type { Executor } from './log';

/** The statements of an append (es_append, es_append_batch) and how their failures read. */

export interface AppendRow {
  outcome: 'appended' | 'replayed' | 'wrong_expected_version';
  revision: string | number | null;
  positions: (string | number)[] | null;
}

export function uniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/**
 * The server refused the statement, so its transaction rolled back and nothing of it was
 * written. Not so when the connection broke or the server was going away (classes 08, 57):
 * the commit may have happened without its answer reaching us.
 */
export function refusedByServer(err: unknown): boolean {
  return err instanceof DatabaseError && !/^(08|57)/.test(err.code ?? '');
}

/** One append as es_append takes it. */
export interface AppendCall {
  streamId: string;
  category: string;
  tenantId: string | null;
  expected: string;
  checkIds: boolean;
  ids: string[];
  types: string[];
  data: string[];
  metadata: string[];
  recordedAt: Date;
}

export function appendOne(db: Executor, c: AppendCall): Promise<AppendRow> {
  return sql<AppendRow>`SELECT outcome, revision, positions FROM es_append(
    ${c.streamId}, ${c.category}, ${c.tenantId}::uuid, ${c.expected}, ${c.checkIds},
    ${c.ids}::uuid[], ${c.types}::text[], ${c.data}::jsonb[], ${c.metadata}::jsonb[], ${c.recordedAt}::timestamptz)`
    .execute(db)
    .then((r) => r.rows[0]);
}

/** Several appends in one call and one transaction, each with its own checks and outcome. */
export async function appendMany(db: Executor, calls: AppendCall[]): Promise<AppendRow[]> {
  const res = await sql<AppendRow & { item: number }>`SELECT item, outcome, revision, positions FROM es_append_batch(
    ${calls.map((c) => c.streamId)}::text[], ${calls.map((c) => c.category)}::text[], ${calls.map((c) => c.tenantId)}::uuid[],
    ${calls.map((c) => c.expected)}::text[], ${calls.map((c) => c.checkIds)}::boolean[], ${calls.map((c) => c.recordedAt)}::timestamptz[],
    ${calls.map((c) => c.ids.length)}::integer[], ${calls.flatMap((c) => c.ids)}::uuid[], ${calls.flatMap((c) => c.types)}::text[],
    ${calls.flatMap((c) => c.data)}::jsonb[], ${calls.flatMap((c) => c.metadata)}::jsonb[])`.execute(db);
  const rows = new Array<AppendRow>(calls.length);
  for (const r of res.rows) rows[Number(r.item) - 1] = r;
  return rows;
}

/**
 * Two copies of a batch whose ids the caller chose raced to different streams: the loser runs
 * again and finds the winner's events.
 */
export async function retried(call: AppendCall, run: () => Promise<AppendRow>): Promise<AppendRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err) && call.checkIds && attempt < 2) continue;
      throw err;
    }
  }
}
