import { Global, Module, OnApplicationShutdown, Inject } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { AppConfig, createDb, Db } from '@tabour/platform';
import { Commands } from './commands';
import { RateLimits } from './rate-limits';
import { APP_CONFIG, DATABASE_URL, DB, DB_POOL, EVENT_STORE } from './tokens';

/** Process-wide parts: configuration, the read-model database, the event store and its command gateway, rate limits. */
@Global()
@Module({})
export class InfraModule implements OnApplicationShutdown {
  constructor(@Inject(DB) private readonly db: Db) {}

  static forRoot(config: AppConfig, databaseUrl: string) {
    const { db, pool } = createDb(databaseUrl, config.dbPoolSize);
    const store = new PgEventStore(db);
    return {
      module: InfraModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DB, useValue: db },
        { provide: DB_POOL, useValue: pool },
        { provide: DATABASE_URL, useValue: databaseUrl },
        { provide: EVENT_STORE, useValue: store },
        { provide: PgEventStore, useValue: store },
        RateLimits,
        Commands,
      ],
      exports: [APP_CONFIG, DATABASE_URL, DB, DB_POOL, EVENT_STORE, PgEventStore, RateLimits, Commands],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.db.destroy();
  }
}
