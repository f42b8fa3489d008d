import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@tabour/platform';
import { APP_CONFIG } from '../common/tokens';
import { LocalOutboxChannel, MessageChannel, SendgridEmailChannel, TwilioSmsChannel } from './channels';
import { WebPushChannel } from './push';

/** Where the local outbox keeps messages of each channel when no provider is configured. */
export const localOutboxDir = (dataDir: string, channel: 'sms' | 'email') => path.join(dataDir, 'outbox', channel);

/** The channel each kind of message goes through on this installation. */
@Injectable()
export class NotificationChannels {
  private readonly sms: MessageChannel;
  private readonly email: MessageChannel;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly push: WebPushChannel,
  ) {
    const n = config.notifications;
    this.sms = n.twilio ? new TwilioSmsChannel(n.twilio, config.publicUrl) : new LocalOutboxChannel(localOutboxDir(config.dataDir, 'sms'));
    this.email = n.sendgrid ? new SendgridEmailChannel(n.sendgrid) : new LocalOutboxChannel(localOutboxDir(config.dataDir, 'email'));
  }

  for(channel: string): MessageChannel {
    return channel === 'sms' ? this.sms : channel === 'email' ? this.email : this.push;
  }
}
