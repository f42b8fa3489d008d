import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { createDb, Db, migrateToLatest, startEmbeddedPostgres } from '@tabour/platform';

export interface Goal {
  op: '<=' | '>=';
  value: number;
  unit?: string;
}

export interface BenchDatabase {
  url: string;
  db: Db;
}

export interface BenchContext {
  /** BENCH_SCALE: multiplies sizes and durations; 0.1 for a quick look. */
  scale: number;
  /** A fresh, migrated database on the bench server, dropped after the run. */
  createDatabase(poolSize?: number): Promise<BenchDatabase>;
  /** Prints one figure per line: `<name>: <value> <unit> (goal <= 40 ms)`. */
  report(name: string, value: number, unit: string, goal?: Goal): void;
  log(message: string): void;
}

export interface BenchSuite {
  name: string;
  run(ctx: BenchContext): Promise<void>;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal?: Goal;
  met?: boolean;
}

const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100);

export function formatFigure(f: Figure): string {
  const goal = f.goal ? ` (goal ${f.goal.op} ${round(f.goal.value)} ${f.goal.unit ?? f.unit})` : '';
  return `${f.name}: ${round(f.value)} ${f.unit}${goal}`;
}

export function meets(value: number, goal: Goal): boolean {
  return goal.op === '<=' ? value <= goal.value : value >= goal.value;
}

/** Latency percentile of a sample, nearest-rank. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The server the bench uses: DATABASE_URL's, or an embedded PostgreSQL started for the run. */
export async function openServer(): Promise<{ adminUrl: string; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, close: async () => undefined };
  const dir = mkdtempSync(path.join(tmpdir(), 'tabour-bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const handle = await startEmbeddedPostgres(dir, port);
  return {
    adminUrl: handle.url,
    async close() {
      await handle.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function createContext(
  adminUrl: string,
  scale: number,
  figures: Figure[],
  out: (line: string) => void = console.log,
): BenchContext & { cleanup(): Promise<void> } {
  const created: { name: string; db: Db }[] = [];
  return {
    scale,
    async createDatabase(poolSize = 10) {
      const name = `tabour_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = withDatabase(adminUrl, name);
      const { db } = createDb(url, poolSize);
      created.push({ name, db });
      await migrateToLatest(db);
      return { url, db };
    },
    report(name, value, unit, goal) {
      const figure: Figure = { name, value, unit, goal, met: goal ? meets(value, goal) : undefined };
      figures.push(figure);
      out(formatFigure(figure));
    },
    log(message) {
      process.stderr.write(`# ${message}\n`);
    },
    async cleanup() {
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      for (const { name, db } of created.splice(0)) {
        await db.destroy().catch(() => undefined);
        // BENCH_KEEP=1 leaves the seeded databases behind, to look at a slow query's plan on them.
        if (process.env.BENCH_KEEP === '1') process.stderr.write(`# kept database ${name}\n`);
        else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      await admin.end();
    },
  };
}

/**
 * Runs `work`, and with BENCH_PROFILE=<folder> writes a CPU profile of this process meanwhile
 * (`<folder>/<name>.cpuprofile`, for Chrome's DevTools): where one phase's time goes, without
 * the seeding around it.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return work();
  const { Session } = await import('node:inspector/promises');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(folder, { recursive: true });
    await writeFile(`${folder}/${name}.cpuprofile`, JSON.stringify(profile));
  }
}

/**
 * Counts the statements this process sends to PostgreSQL during `work`, by their text (its
 * first 80 characters): on this machine each round trip costs the API about 100 µs of its own
 * CPU, so how many a call costs, and whose they are, is what its latency follows.
 */
export async function countingStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: Map<string, number> }> {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const statements = new Map<string, number>();
  proto.query = function (this: Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (text) {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 80);
      statements.set(key, (statements.get(key) ?? 0) + 1);
    }
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    proto.query = original;
  }
}
