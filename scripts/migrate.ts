import 'reflect-metadata';
import { loadConfigWith } from '@tabour/platform';
import { withAppContext } from './context';

/**
 * `npm run migrate`: brings the database (DATABASE_URL, or the embedded one) to the latest
 * migration without starting the server; the application context migrates as it opens.
 */
async function main(): Promise<number> {
  const config = loadConfigWith({ EVENTING_AUTOSTART: 'off', BROADCAST_PORT: '0', SEED_DEMO: 'false' });
  return withAppContext(config, async () => {
    console.log('the database is at the latest migration');
    return 0;
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
