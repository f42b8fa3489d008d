/**
 * The API as createApp builds it, configured from the environment as `npm start` is, on a free
 * loopback port it tells in a log line (`listening on <port>`). Run in its own process
 * (node -r @swc-node/register), so that a test reads its standard output as an operator would.
 */
import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@tabour/platform';
import { createApp } from '../../apps/api/src/bootstrap';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config, config.databaseUrl!, { shutdownHooks: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  new Logger('serve').log(`listening on ${port}`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
