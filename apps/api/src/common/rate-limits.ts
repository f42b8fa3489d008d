import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { Db, RateLimitPolicy, RateVerdict, rateVerdict } from '@tabour/platform';
import { DB } from './tokens';

/**
 * Counts calls per key in the database, so every API process sees the same count
 * (migration 20261124090000). A call is counted even when refused: a client that keeps
 * knocking keeps its window full.
 */
@Injectable()
export class RateLimits {
  private readonly log = new Logger('rate-limits');

  constructor(@Inject(DB) private readonly db: Db) {}

  async hit(bucket: string, key: string, policy: RateLimitPolicy): Promise<RateVerdict> {
    const keyHash = createHash('sha256').update(`${bucket}\0${key}`).digest('base64url');
    const window = `${policy.windowSeconds} seconds`;
    // The window is placed by the database's clock, the same for every process.
    const res = await sql<{ current: number; previous: number; elapsed: number }>`
      WITH w AS (SELECT date_bin(${window}::interval, now(), timestamptz '2000-01-01') AS start),
      cur AS (
        INSERT INTO rate_limits (bucket, key_hash, window_start, hits)
        SELECT ${bucket}, ${keyHash}, w.start, 1 FROM w
        ON CONFLICT (bucket, key_hash, window_start) DO UPDATE SET hits = rate_limits.hits + 1
        RETURNING hits, window_start
      )
      SELECT cur.hits AS current,
        COALESCE((SELECT p.hits FROM rate_limits p WHERE p.bucket = ${bucket} AND p.key_hash = ${keyHash}
          AND p.window_start = cur.window_start - ${window}::interval), 0) AS previous,
        extract(epoch FROM now() - cur.window_start)::float8 AS elapsed
      FROM cur`.execute(this.db);
    const row = res.rows[0];
    if (row.current === 1) this.sweep(bucket, window);
    return rateVerdict({ current: row.current, previous: row.previous, elapsedSeconds: row.elapsed }, policy);
  }

  /** Off the caller's path: rows older than two windows count for nothing. */
  private sweep(bucket: string, window: string): void {
    sql`DELETE FROM rate_limits WHERE bucket = ${bucket} AND window_start < now() - 2 * ${window}::interval`
      .execute(this.db)
      .catch((err) => this.log.warn(`sweeping rate limits of ${bucket} failed: ${String(err)}`));
  }
}
