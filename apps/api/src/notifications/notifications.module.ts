import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { notificationSettingsProjection } from '@tabour/notifications';
import { AccountsModule } from '../accounts/accounts.module';
import { BookingsModule } from '../bookings/bookings.module';
import { EVENT_STORE } from '../common/tokens';
import { CustomersModule } from '../customers/customers.module';
import { OrganisationModule } from '../organisation/organisation.module';
import { QueuesModule } from '../queues/queues.module';
import { NotificationChannels } from './channel-registry';
import { CustomerMessagesController } from './customer-messages.controller';
import { MessageHistoryController } from './history.controller';
import { MessageHistoryService } from './history.service';
import { SmsLedgerController } from './ledger.controller';
import { SmsLedgerService } from './ledger.service';
import { NotifyService } from './notify.service';
import { WebPushChannel } from './push';
import { PushSubscriptionsController } from './push.controller';
import { NotificationReactor } from './reactor';
import { RepliesService } from './replies.service';
import { ReminderSweep } from './reminders';
import { NotificationSender } from './sender';
import { NotificationSettingsController } from './settings.controller';
import { NotificationSettingsService } from './settings.service';
import { StaffNotificationsController } from './staff-notifications.controller';
import { StaffNotificationsService } from './staff-notifications.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Notifications (docs/notifications.md). What a business sets about them: SMS and notification
 * settings, templates, opt-outs; the SMS ledger; the staff's bell and the message history. The
 * customer messages: the reactor that records them in the outbox, the reminder sweep, the
 * messages asked for there and then (the staff's "notify", a kiosk's ticket SMS), the sender
 * that delivers them through the installation's channels, and the providers' callbacks:
 * delivery reports and the customers' SMS replies.
 */
@Module({
  imports: [AccountsModule, OrganisationModule, CustomersModule, QueuesModule, BookingsModule],
  controllers: [
    NotificationSettingsController,
    SmsLedgerController,
    StaffNotificationsController,
    MessageHistoryController,
    PushSubscriptionsController,
    WebhooksController,
    CustomerMessagesController,
  ],
  providers: [
    NotificationSettingsService,
    SmsLedgerService,
    StaffNotificationsService,
    MessageHistoryService,
    WebPushChannel,
    NotificationChannels,
    NotificationSender,
    NotificationReactor,
    ReminderSweep,
    WebhooksService,
    RepliesService,
    NotifyService,
  ],
  exports: [
    NotificationSettingsService,
    SmsLedgerService,
    StaffNotificationsService,
    WebPushChannel,
    NotificationSender,
    NotificationReactor,
    ReminderSweep,
    NotifyService,
  ],
})
export class NotificationsModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    // The reactors and senders read the tables this projection writes.
    this.store.registerInlineProjection(notificationSettingsProjection);
  }
}
