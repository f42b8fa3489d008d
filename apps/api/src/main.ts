import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, EmbeddedPostgresHandle, EmbeddedPostgresSetupError, loadConfig, startEmbeddedPostgres } from '@tabour/platform';
import type { Server } from 'node:http';
import { createApp, migrate } from './bootstrap';
import { trackRequests } from './health/drain';
import { Lifecycle } from './health/lifecycle';
import { DEMO, DEMO_PASSWORD } from './common/demo';
import { seedDemo } from './seed';

async function main(): Promise<void> {
  const log = new Logger('tabour');
  const config = loadConfig();
  let embedded: EmbeddedPostgresHandle | undefined;
  // What stops the application, once there is one to stop.
  const running: { stop?: () => Promise<void> } = {};
  // From the first moment: a Ctrl-C while the database starts or migrations run stops the
  // embedded database too, rather than leaving it running without its owner.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.log(`${signal}: stopping`);
    let code = 0;
    try {
      await running.stop?.();
    } catch (err) {
      log.error(`stopping the application failed: ${String((err as Error)?.stack ?? err)}`);
      code = 1;
    }
    // The database stops last, after the application has closed its connections.
    await embedded?.stop().catch((err: unknown) => {
      log.error(`stopping the embedded PostgreSQL failed: ${String(err)}`);
      code = 1;
    });
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  // A background loop's rejected promise is logged, not allowed to end a process serving others.
  process.on('unhandledRejection', (reason) => log.error(`unhandled rejection: ${String((reason as Error)?.stack ?? reason)}`));

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.log(`DATABASE_URL is unset: starting the embedded PostgreSQL (data in ${config.dataDir})`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) log.log(`migrations applied: ${applied.length}`);
  const app = await createApp(config, databaseUrl, { shutdownHooks: false });
  const http = trackRequests(app.getHttpServer() as Server);
  running.stop = async () => {
    // Draining: /health answers 503, long polls answer now, no new connection is taken, the
    // requests under way are answered; then the jobs, subscriptions and sockets stop and the
    // connections close (docs/operations.md, "Stopping").
    app.get(Lifecycle).beginDrain();
    const inFlight = http.inFlight;
    const drained = await http.close(config.shutdownTimeoutMs);
    log.log(
      drained.finished
        ? `requests drained in ${drained.ms} ms (${inFlight} under way)`
        : `${drained.cut} requests still under way after ${config.shutdownTimeoutMs} ms were cut`,
    );
    await app.close();
  };
  if (config.seedDemo) {
    await seedDemo(app);
    log.log(`demo business "${DEMO.businessName}": ${[DEMO.admin, DEMO.manager, DEMO.agent].map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD})`);
  }
  if (stopping) return;
  await app.listen(config.port);
  log.log(`Tabour is ready on ${config.publicUrl} (broadcast on port ${config.broadcastPort})`);
}

main().catch((err) => {
  // A setup the operator can fix is told in its sentences (a bad setting: one per variable); anything else with its trace.
  console.error(err instanceof EmbeddedPostgresSetupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
