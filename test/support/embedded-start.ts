/** Starts the embedded PostgreSQL as `npm start` would (DATA_DIR, EMBEDDED_PG_PORT), then stops it: run in its own process, as the package is an ES module. */
import { EmbeddedPostgresSetupError, loadConfig, startEmbeddedPostgres } from '../../libs/platform/src';

const config = loadConfig();
startEmbeddedPostgres(config.dataDir, config.embeddedPgPort).then(
  async (handle) => {
    process.stdout.write('started\n');
    await handle.stop();
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof EmbeddedPostgresSetupError ? err.message : String((err as Error)?.stack ?? err)}\n`);
    process.exit(1);
  },
);
