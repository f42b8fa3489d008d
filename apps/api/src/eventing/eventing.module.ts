import { DynamicModule, Global, Module } from '@nestjs/common';
import { connectTo } from '@tabour/eventstore';
import { EVENTING_CONNECT, ProjectionRegistry } from './projection-registry';

/**
 * Projections and subscriptions. Global: any module injects ProjectionRegistry and registers
 * its projections in onModuleInit; the subscriptions start on application bootstrap.
 */
@Global()
@Module({})
export class EventingModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: EventingModule,
      providers: [{ provide: EVENTING_CONNECT, useValue: connectTo(databaseUrl) }, ProjectionRegistry],
      exports: [ProjectionRegistry, EVENTING_CONNECT],
    };
  }
}
