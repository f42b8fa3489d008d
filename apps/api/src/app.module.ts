import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig } from '@tabour/platform';
import { AccountsModule } from './accounts/accounts.module';
import { ActivityModule } from './activity/activity.module';
import { BillingModule } from './billing/billing.module';
import { BookingsModule } from './bookings/bookings.module';
import { BroadcastModule } from './broadcast/broadcast.module';
import { CustomersModule } from './customers/customers.module';
import { AuthGuard } from './common/auth';
import { InfraModule } from './common/infra.module';
import { EventingModule } from './eventing/eventing.module';
import { HealthController } from './health/health.controller';
import { LifecycleModule } from './health/lifecycle';
import { IntegrationsModule } from './integrations/integrations.module';
import { OrganisationModule } from './organisation/organisation.module';
import { QueuesModule } from './queues/queues.module';
import { ResourcesModule } from './resources/resources.module';
import { DevicesModule } from './devices/devices.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ObservabilityModule } from './observability/observability.module';
import { StatisticsModule } from './statistics/statistics.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(config, databaseUrl),
        ObservabilityModule.forRoot(config),
        LifecycleModule,
        EventingModule.forRoot(databaseUrl),
        AccountsModule,
        OrganisationModule,
        ResourcesModule,
        CustomersModule,
        QueuesModule,
        BookingsModule,
        DevicesModule,
        ActivityModule,
        NotificationsModule,
        StatisticsModule,
        BillingModule,
        IntegrationsModule,
        BroadcastModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
    };
  }
}
