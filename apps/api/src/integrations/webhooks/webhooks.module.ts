import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { webhooksProjection } from '@tabour/integrations';
import { AppConfig } from '@tabour/platform';
import { APP_CONFIG, EVENT_STORE } from '../../common/tokens';
import { WebhookCommands } from './commands';
import { WEBHOOKS_CONFIG } from './config';
import { webhookSwitches } from './notices';
import { WebhookRecorder } from './recorder';
import { WebhookResolver } from './resolver';
import { WebhookSecretWrites } from './secrets';
import { WebhookSender } from './sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Signed webhooks (docs/integrations-webhooks.md): the settings, the recorder that writes the
 * outbox from the store's subscription, the sender that delivers it, and the delivery log.
 */
@Module({
  controllers: [WebhooksController],
  providers: [
    { provide: WEBHOOKS_CONFIG, useFactory: (config: AppConfig) => config.webhooks, inject: [APP_CONFIG] },
    WebhookCommands,
    WebhookResolver,
    WebhookSecretWrites,
    WebhookSender,
    WebhookRecorder,
    WebhooksService,
  ],
  exports: [WebhookSender, WebhookRecorder, WebhooksService],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    private readonly secrets: WebhookSecretWrites,
  ) {}

  onModuleInit(): void {
    this.store.registerInlineProjection(webhooksProjection);
    this.store.registerInlineProjection(this.secrets);
    this.store.registerInlineProjection(webhookSwitches);
  }
}
