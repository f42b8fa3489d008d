import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { BenchSuite, createContext, Figure, formatFigure, openServer } from './harness';

/**
 * `npm run bench`: runs every suite in bench/suites (a file exporting `suite: BenchSuite`; adding
 * one is adding the file). BENCH_SCALE shrinks or grows the work, BENCH_ONLY=a,b picks suites.
 * Figures go to stdout one per line; progress notes go to stderr.
 */
function loadSuites(): BenchSuite[] {
  const folder = path.join(__dirname, 'suites');
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    readdirSync(folder)
      .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort()
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folder's suites are only known at run time
      .map((f) => require(path.join(folder, f)).suite as BenchSuite)
      .filter((s) => s && (!only?.length || only.includes(s.name)))
  );
}

async function main(): Promise<void> {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  if (!(scale > 0)) throw new Error('BENCH_SCALE must be a positive number');
  const server = await openServer();
  const figures: Figure[] = [];
  const started = Date.now();
  try {
    for (const suite of loadSuites()) {
      const ctx = createContext(server.adminUrl, scale, figures);
      process.stderr.write(`# suite ${suite.name} (scale ${scale})\n`);
      try {
        await suite.run(ctx);
      } finally {
        await ctx.cleanup();
      }
    }
  } finally {
    await server.close();
  }
  const missed = figures.filter((f) => f.met === false);
  process.stderr.write(`# ${figures.length} figures in ${Math.round((Date.now() - started) / 1000)} s; goals missed: ${missed.length}\n`);
  for (const f of missed) process.stderr.write(`#   missed ${formatFigure(f)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
