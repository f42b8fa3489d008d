import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { statisticsProjection } from '@tabour/statistics';
import { ProjectionRegistry } from '../eventing';
import { StatisticsController } from './statistics.controller';
import { StatisticsQueries } from './queries';

@Injectable()
export class StatisticsProjections implements OnModuleInit {
  constructor(private readonly registry: ProjectionRegistry) {}
  onModuleInit() {
    this.registry.registerAsync(statisticsProjection);
  }
}

/** Statistics: the async projection of the figures and the calls that read them (docs/statistics.md). */
@Module({
  controllers: [StatisticsController],
  providers: [StatisticsQueries, StatisticsProjections],
})
export class StatisticsModule {}
