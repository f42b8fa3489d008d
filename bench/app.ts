import { randomUUID } from 'node:crypto';
import { AppConfig, loadConfig } from '@tabour/platform';
import { createApp } from '../apps/api/src/bootstrap';

/**
 * The settings a suite runs the API with: no captcha, registrations approved at once, no demo
 * data, files of its own, the broadcast channel on a free port and no history job; `env` adds
 * or overrides (a suite turns off the jobs that would move its figures).
 */
export function benchConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    APPROVE_REGISTRATIONS: 'auto',
    SEED_DEMO: 'false',
    DATA_DIR: `/tmp/tabour-bench-${randomUUID()}`,
    BROADCAST_PORT: '0',
    HISTORY_JOB: 'off',
    ...env,
  });
}

/** The API on the suite's database, logging errors only. */
export const benchApp = (url: string, env: Record<string, string> = {}) => createApp(benchConfig(env), url, { logger: ['error'] });
