import { DynamicModule, Global, Module } from '@nestjs/common';
import { connectTo } from '@tabour/eventstore';
import { EVENTING_CONNECT, ProjectionRegistry } from './projection-registry';
import { Scheduler } from './scheduler';

/**
 * Projections, subscriptions and scheduled jobs. Global: any module injects ProjectionRegistry
 * and registers its projections in onModuleInit, or the Scheduler and registers its jobs; the
 * subscriptions and the jobs start on application bootstrap.
 */
@Global()
@Module({})
export class EventingModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: EventingModule,
      providers: [{ provide: EVENTING_CONNECT, useValue: connectTo(databaseUrl) }, ProjectionRegistry, Scheduler],
      exports: [ProjectionRegistry, EVENTING_CONNECT, Scheduler],
    };
  }
}
