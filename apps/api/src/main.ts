import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, EmbeddedPostgresHandle, EmbeddedPostgresSetupError, loadConfig, startEmbeddedPostgres } from '@tabour/platform';
import { createApp, migrate } from './bootstrap';
import { DEMO, DEMO_PASSWORD, seedDemo } from './seed';

async function main(): Promise<void> {
  const log = new Logger('tabour');
  const config = loadConfig();
  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.log(`DATABASE_URL is unset: starting the embedded PostgreSQL (data in ${config.dataDir})`);
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) log.log(`migrations applied: ${applied.length}`);
  const app = await createApp(config, databaseUrl, { shutdownHooks: false });
  if (config.seedDemo) {
    await seedDemo(app);
    log.log(`demo business "${DEMO.businessName}": ${[DEMO.admin, DEMO.manager, DEMO.agent].map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD})`);
  }
  await app.listen(config.port);
  log.log(`Tabour is ready on ${config.publicUrl} (broadcast on port ${config.broadcastPort})`);

  // The database stops last, after the application has closed its connections.
  const stop = async () => {
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  // A setup the operator can fix is told in its sentences (a bad setting: one per variable); anything else with its trace.
  console.error(err instanceof EmbeddedPostgresSetupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
