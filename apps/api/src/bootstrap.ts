import 'reflect-metadata';
import type { Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { json, raw, urlencoded } from 'express';
import { AppConfig, createDb, migrateToLatest } from '@tabour/platform';
import { AppModule } from './app.module';
import { BroadcastService } from './broadcast/broadcast.service';
import { MAX_JSON_BYTES, verifyFormBytes, verifyJsonShape } from './common/body-limits';
import { SENDGRID_EVENTS_PATH, SENDGRID_MAX_BYTES } from './notifications/webhooks.controller';
import { STRIPE_WEBHOOK_MAX_BYTES, STRIPE_WEBHOOK_PATH } from './billing/webhooks';
import { DeclaredBodyTypes } from './common/body-types';
import { AllErrorsFilter, validationPipe } from './common/http';
import { addPublicEventSchemas } from './integrations/openapi';
import { corsOrigin, notStoredByDefault, securityHeaders } from './common/security';
import { compressAnswers, webAssets } from './common/web-assets';
import { AppLogger } from './observability/app-logger';
import { levelOf } from './observability/logger';
import { Observability } from './observability/observability.module';

export interface CreateAppOptions {
  /** Nest's own signal handlers; `npm start` handles signals itself to stop the embedded database last. */
  shutdownHooks?: boolean;
  /** Levels written, in Nest's terms (the tests' servers write errors only); unset, LOG_LEVEL's. */
  logger?: LogLevel[] | false;
}

export async function migrate(databaseUrl: string): Promise<string[]> {
  const { db } = createDb(databaseUrl, 1);
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Builds the whole product on one HTTP server: API, OpenAPI document and the built web app. */
export async function createApp(config: AppConfig, databaseUrl: string, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    bodyParser: false,
    // Held until the application's own logger takes over, so that even the first lines are JSON.
    bufferLogs: true,
  });
  const observability = app.get(Observability);
  if (options.logger !== undefined) observability.root.level = levelOf(options.logger);
  app.useLogger(app.get(AppLogger));
  // Only a loopback peer (a reverse proxy on the same machine) is believed about the client's
  // address in X-Forwarded-For; req.ip is the peer's own address otherwise (rate limits, /metrics).
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  // First, so that every request is given its id, logged and counted, whatever answers it.
  app.use(observability.requests());
  let broadcast: BroadcastService | undefined;
  // JSON and the page compressed; precompressed assets and event streams left as they are.
  app.use(compressAnswers());
  // The port pages connect to: the reverse proxy's when one stands in front (PUBLIC_BROADCAST_PORT).
  app.use(securityHeaders(() => config.publicBroadcastPort ?? (broadcast ??= app.get(BroadcastService, { strict: false }))?.port));
  app.enableCors({ origin: corsOrigin(config.corsOrigins), credentials: true });
  app.use(notStoredByDefault());
  // SendGrid signs the exact bytes it posts, and its batches are larger than any form: kept raw, parsed once verified.
  app.use(SENDGRID_EVENTS_PATH, raw({ type: () => true, limit: SENDGRID_MAX_BYTES }));
  // Stripe signs the exact bytes it posts: kept raw, parsed by its SDK once the signature matches.
  app.use(STRIPE_WEBHOOK_PATH, raw({ type: () => true, limit: STRIPE_WEBHOOK_MAX_BYTES }));
  // Size, UTF-8, depth and key count are checked on the raw bytes, before anything walks the body.
  app.use(json({ limit: MAX_JSON_BYTES, verify: verifyJsonShape }));
  app.use(urlencoded({ extended: true, limit: MAX_JSON_BYTES, parameterLimit: 1000, verify: verifyFormBytes }));
  // After the token and role checks, before validation: a body no parser of the call reads is a 415.
  app.useGlobalGuards(new DeclaredBodyTypes());
  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new AllErrorsFilter(config.webDist));
  // The public events integrators read are in the document too, though no route returns one type alone.
  const openapi = addPublicEventSchemas(SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Tabour API').addBearerAuth().build()));
  SwaggerModule.setup('docs/api', app, openapi);
  if (existsSync(config.webDist)) app.use(webAssets(config.webDist));
  if (options.shutdownHooks !== false) app.enableShutdownHooks();
  await app.init();
  // A reverse proxy keeps idle connections to the API open (nginx: 60 s) and reuses them; were
  // Node to close one first (its default is 5 s), a request sent on it that instant would fail
  // with a 502. The API holds idle connections longer than any proxy does.
  const server = app.getHttpServer() as HttpServer;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return app;
}

/** How long an idle keep-alive connection is held: longer than the proxies' upstream keep-alive (nginx 60 s). */
export const KEEP_ALIVE_MS = 65_000;
