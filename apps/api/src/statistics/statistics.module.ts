import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { statisticsProjection, statisticsSettingsProjection } from '@tabour/statistics';
import { EVENT_STORE } from '../common/tokens';
import { ProjectionRegistry } from '../eventing';
import { NotificationsModule } from '../notifications/notifications.module';
import { OrganisationModule } from '../organisation/organisation.module';
import { AnalyticsKeeper } from './analytics/keeper';
import { STATISTICS_GATHER_MS } from './gather';
import { ReportMails } from './reports';
import { ReportSettingsController, StatisticsSettingsController } from './settings.controller';
import { StatisticsSettingsService } from './settings.service';
import { StatisticsController } from './statistics.controller';
import { StatisticsQueries } from './queries';

@Injectable()
export class StatisticsProjections implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
  ) {}
  onModuleInit() {
    this.registry.registerAsync(statisticsProjection, { gatherMs: STATISTICS_GATHER_MS });
    this.store.registerInlineProjection(statisticsSettingsProjection);
  }
}

/**
 * Statistics: the async projection of the figures, the calls that read them, and the analytics
 * database analysts read (docs/statistics.md).
 */
@Module({
  imports: [OrganisationModule, NotificationsModule],
  controllers: [StatisticsController, StatisticsSettingsController, ReportSettingsController],
  providers: [StatisticsQueries, StatisticsProjections, StatisticsSettingsService, ReportMails, AnalyticsKeeper],
})
export class StatisticsModule {}
