import { Module } from '@nestjs/common';
import { NotificationChannels } from './channel-registry';
import { WebPushChannel } from './push';
import { PushSubscriptionsController } from './push.controller';
import { NotificationReactor } from './reactor';
import { ReminderSweep } from './reminders';
import { NotificationSender } from './sender';

/**
 * Customer messages (docs/notifications.md): the reactor that records them in the outbox, the
 * reminder sweep, and the sender that delivers them through the installation's channels.
 */
@Module({
  controllers: [PushSubscriptionsController],
  providers: [WebPushChannel, NotificationChannels, NotificationSender, NotificationReactor, ReminderSweep],
  exports: [WebPushChannel, NotificationSender, NotificationReactor, ReminderSweep],
})
export class NotificationsModule {}
