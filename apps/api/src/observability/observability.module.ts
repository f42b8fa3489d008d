import { DynamicModule, Global, Inject, Injectable, Module, RequestMethod } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import type { AppConfig } from '@tabour/platform';
import { AppLogger } from './app-logger';
import { DatabaseFigures } from './database-figures';
import { createRootLogger } from './logger';
import { Metrics } from './metrics';
import { MetricsAccess } from './metrics-access';
import { MetricsController } from './metrics.controller';
import { EVERY_PATH, requestObserver } from './requests';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** What createApp wires into the HTTP server: the root logger and the request observer. */
@Injectable()
export class Observability {
  constructor(
    @Inject(ROOT_LOGGER) readonly root: Logger,
    private readonly metrics: Metrics,
  ) {}

  /**
   * The request logging and figures middleware. Made once the root logger's level is final:
   * pino's child loggers keep the level they were made with.
   */
  requests(): RequestHandler {
    return requestObserver(this.root, (a) => this.metrics.request(a));
  }
}

/**
 * Logs and metrics (docs/operations.md). Nest's Logger, wherever it is made, writes through the
 * root pino logger once createApp hands it to `app.useLogger`; within a request its lines carry
 * the request's id. `/metrics` is served only when METRICS is on.
 */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(config: AppConfig): DynamicModule {
    const root = createRootLogger(config.log);
    return {
      module: ObservabilityModule,
      imports: [
        LoggerModule.forRoot({
          // The request's logger is bound by the request observer, the server's first middleware;
          // nestjs-pino only carries it into the handler's async context.
          pinoHttp: { logger: root },
          useExisting: true,
          forRoutes: [{ path: EVERY_PATH, method: RequestMethod.ALL }],
        }),
      ],
      providers: [
        AppLogger,
        { provide: ROOT_LOGGER, useValue: root },
        { provide: MetricsAccess, useValue: new MetricsAccess(config.metrics) },
        Metrics,
        DatabaseFigures,
        Observability,
      ],
      controllers: config.metrics.enabled ? [MetricsController] : [],
      exports: [AppLogger, ROOT_LOGGER, Metrics, Observability],
    };
  }
}
