import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestApplicationContext, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { sql } from 'kysely';
import { AppendResult, PgEventStore, RecordedEvent } from '@tabour/eventstore';
import { loadConfig } from '@tabour/platform';
import { InfraModule } from '../apps/api/src/common/infra.module';
import { EVENT_STORE } from '../apps/api/src/common/tokens';
import { EventingModule } from '../apps/api/src/eventing/eventing.module';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { createTestDatabase, TestDatabase } from './support/db';
import { actor, caughtUp, waitFor } from './eventstore-support';

const handled: RecordedEvent[] = [];

/** A module as the product's modules are written: it registers its projections in onModuleInit. */
@Injectable()
class CountingProjections implements OnModuleInit {
  constructor(private readonly registry: ProjectionRegistry) {}
  onModuleInit(): void {
    this.registry.registerAsync({
      name: 'test.counting',
      handles: ['Counted'],
      tables: [],
      truncate: async () => undefined,
      apply: async (_trx, events) => void handled.push(...events),
    });
  }
}

@Module({ providers: [CountingProjections] })
class CountingModule {}

describe('EventingModule', () => {
  let t: TestDatabase;
  let app: INestApplicationContext;

  beforeAll(async () => {
    t = await createTestDatabase();
    @Module({ imports: [InfraModule.forRoot(loadConfig({ NODE_ENV: 'test' }), t.url), EventingModule.forRoot(t.url), CountingModule] })
    class Root {}
    app = await NestFactory.createApplicationContext(Root, { logger: ['error'] });
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  it('starts the subscriptions that modules registered, on application bootstrap', async () => {
    const store = app.get<PgEventStore>(EVENT_STORE);
    await store.append(
      `count-${randomUUID()}`,
      [
        { type: 'Counted', data: { n: 1 } },
        { type: 'NotCounted', data: {} },
      ],
      { tenantId: randomUUID(), actor },
    );
    await waitFor(() => caughtUp(t.db, 'test.counting'), 'the async projection');
    expect(handled.map((e) => e.type)).toEqual(['Counted']);
    expect(app.get(ProjectionRegistry).find('test.counting')?.kind).toBe('async');
  });

  it('tells onAppended listeners after commit, with positions', async () => {
    const heard: AppendResult[] = [];
    const off = app.get(ProjectionRegistry).onAppended((r) => void heard.push(r));
    const r = await app.get<PgEventStore>(EVENT_STORE).append(`count-${randomUUID()}`, [{ type: 'Other', data: {} }], { tenantId: randomUUID(), actor });
    off();
    expect(heard).toEqual([r]);
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events WHERE position = ${heard[0].position}`.execute(t.db);
    expect(stored.rows[0].n).toBe(1);
  });

  it('stops its subscriptions and releases their locks when the application closes', async () => {
    await app.close();
    const held = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND a.datname = current_database()`.execute(t.db);
    expect(held.rows[0].n).toBe(0);
    app = undefined as unknown as INestApplicationContext;
  });
});
