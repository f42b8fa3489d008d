import * as path from 'node:path';

export interface AppConfig {
  databaseUrl?: string;
  dataDir: string;
  port: number;
  broadcastPort: number;
  embeddedPgPort: number;
  nodeEnv: string;
  production: boolean;
  seedDemo: boolean;
  approveRegistrations: 'auto' | 'manual';
  captcha: boolean;
  publicUrl: string;
  webDist: string;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'off', 'no'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const root = path.resolve(__dirname, '../../..');
  const rootDir = path.basename(root) === 'dist' ? path.resolve(root, '..') : root;
  const port = Number(env.PORT ?? 3000);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(rootDir, '.data')),
    port,
    broadcastPort: Number(env.BROADCAST_PORT ?? 6001),
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 5433),
    nodeEnv,
    production,
    // The demo business never appears on a production installation.
    seedDemo: !production && flag(env.SEED_DEMO, true),
    approveRegistrations: (env.APPROVE_REGISTRATIONS ?? (production ? 'manual' : 'auto')) === 'auto' ? 'auto' : 'manual',
    // The captcha cannot be turned off in production.
    captcha: production ? true : flag(env.CAPTCHA, true),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: path.resolve(env.WEB_DIST ?? path.join(rootDir, 'apps/web/dist')),
  };
}
