import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { notificationSettingsProjection } from '@tabour/notifications';
import { AccountsModule } from '../accounts/accounts.module';
import { EVENT_STORE } from '../common/tokens';
import { OrganisationModule } from '../organisation/organisation.module';
import { MessageHistoryController } from './history.controller';
import { MessageHistoryService } from './history.service';
import { SmsLedgerController } from './ledger.controller';
import { SmsLedgerService } from './ledger.service';
import { NotificationSettingsController } from './settings.controller';
import { NotificationSettingsService } from './settings.service';
import { StaffNotificationsController } from './staff-notifications.controller';
import { StaffNotificationsService } from './staff-notifications.service';

/**
 * What a business sets about its notifications: SMS and notification settings, templates,
 * opt-outs; the SMS ledger; the staff's bell (docs/notifications.md). The reactors and senders
 * read the tables this module's projection writes.
 */
@Module({
  imports: [OrganisationModule, AccountsModule],
  controllers: [NotificationSettingsController, SmsLedgerController, StaffNotificationsController, MessageHistoryController],
  providers: [NotificationSettingsService, SmsLedgerService, StaffNotificationsService, MessageHistoryService],
  exports: [NotificationSettingsService, SmsLedgerService, StaffNotificationsService],
})
export class NotificationsSettingsModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    this.store.registerInlineProjection(notificationSettingsProjection);
  }
}
