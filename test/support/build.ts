import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import * as path from 'node:path';

/**
 * Runs one step of a build the tests need. A failed step throws with its whole output (tsc
 * prints its errors on stdout, vite on stderr): a test must never run stale or half-built files,
 * nor hide that `npm start` would not build.
 */
export function runBuild(command: string, args: string[], options: SpawnSyncOptions): void {
  const name = [path.basename(command), ...args].join(' ');
  const run = spawnSync(command, args, { maxBuffer: 64 * 1024 * 1024, ...options, stdio: 'pipe', encoding: 'utf8' });
  if (run.error) throw new Error(`the build step ${name} did not run: ${run.error.message}`);
  if (run.status !== 0) {
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
    throw new Error(`the build step ${name} failed (${run.signal ? `signal ${run.signal}` : `exit code ${run.status}`}):\n${output}`);
  }
}
