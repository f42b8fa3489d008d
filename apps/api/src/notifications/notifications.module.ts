import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { OrganisationModule } from '../organisation/organisation.module';
import { QueuesModule } from '../queues/queues.module';
import { NotificationChannels } from './channel-registry';
import { WebPushChannel } from './push';
import { PushSubscriptionsController } from './push.controller';
import { NotificationReactor } from './reactor';
import { RepliesService } from './replies.service';
import { ReminderSweep } from './reminders';
import { NotificationSender } from './sender';
import { NotificationsSettingsModule } from './settings.module';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Customer messages (docs/notifications.md): the reactor that records them in the outbox, the
 * reminder sweep, the sender that delivers them through the installation's channels, and the
 * providers' callbacks: delivery reports and the customers' SMS replies.
 */
@Module({
  imports: [QueuesModule, BookingsModule, NotificationsSettingsModule, OrganisationModule],
  controllers: [PushSubscriptionsController, WebhooksController],
  providers: [WebPushChannel, NotificationChannels, NotificationSender, NotificationReactor, ReminderSweep, WebhooksService, RepliesService],
  exports: [WebPushChannel, NotificationSender, NotificationReactor, ReminderSweep],
})
export class NotificationsModule {}
