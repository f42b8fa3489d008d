/**
 * The embedded PostgreSQL of `npm start`, in a process of its own (the package is an ES module):
 * started on DATA_DIR and EMBEDDED_PG_PORT, it prints `ready <url>`, and stops cleanly on SIGTERM.
 * A test that owns its database server stops it and starts it again on the same data.
 */
import { startEmbeddedPostgres } from '../../libs/platform/src';

const dataDir = process.env.DATA_DIR!;
const port = Number(process.env.EMBEDDED_PG_PORT);
startEmbeddedPostgres(dataDir, port).then(
  (handle) => {
    process.stdout.write(`ready ${handle.url}\n`);
    process.once('SIGTERM', () => void handle.stop().then(() => process.exit(0)));
  },
  (err: unknown) => {
    process.stderr.write(`${String((err as Error)?.stack ?? err)}\n`);
    process.exit(1);
  },
);
