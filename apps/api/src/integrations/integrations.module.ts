import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { apiKeysProjection, feedProjectionOf, webhooksProjection } from '@tabour/integrations';
import type { AppConfig } from '@tabour/platform';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens';
import { ProjectionRegistry } from '../eventing';
import { ApiKeyAuth, ApiKeyGuard } from './api-key.guard';
import { FeedController } from './feed.controller';
import { FeedService } from './feed.service';
import { FeedWaker } from './feed-waker';
import { KeyStreams } from './key-streams';
import { ApiKeysController } from './keys.controller';
import { ApiKeysService } from './keys.service';
import { WebhookCommands } from './webhooks/commands';
import { WEBHOOKS_CONFIG } from './webhooks/config';
import { webhookSwitches } from './webhooks/notices';
import { WebhookRecorder } from './webhooks/recorder';
import { WebhookResolver } from './webhooks/resolver';
import { WebhookSecretWrites } from './webhooks/secrets';
import { WebhookSender } from './webhooks/sender';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';

const FEED_GATHER_MS = 100;

/**
 * Integrators: API keys and the public event feed (docs/integrations.md); and the signed
 * webhooks (docs/integrations-webhooks.md): the settings, the recorder that writes the outbox
 * from the store's subscription, the sender that delivers it, and the delivery log.
 */
@Module({
  controllers: [ApiKeysController, FeedController, WebhooksController],
  providers: [
    ApiKeysService,
    ApiKeyAuth,
    ApiKeyGuard,
    FeedService,
    FeedWaker,
    KeyStreams,
    { provide: WEBHOOKS_CONFIG, useFactory: (config: AppConfig) => config.webhooks, inject: [APP_CONFIG] },
    WebhookCommands,
    WebhookResolver,
    WebhookSecretWrites,
    WebhookSender,
    WebhookRecorder,
    WebhooksService,
  ],
  exports: [ApiKeyAuth, ApiKeyGuard, FeedService, FeedWaker, WebhookSender, WebhookRecorder, WebhooksService],
})
export class IntegrationsModule implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    private readonly registry: ProjectionRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhookSecrets: WebhookSecretWrites,
  ) {}

  onModuleInit(): void {
    this.store.registerInlineProjection(apiKeysProjection);
    // An integrator reads the feed seconds apart: a longer gather makes fewer, larger batches
    // beside the requests, for a tenth of a second more before a plain key sees an event.
    this.registry.registerAsync(feedProjectionOf(this.config.feedChunkEvents), { gatherMs: FEED_GATHER_MS });
    this.store.registerInlineProjection(webhooksProjection);
    this.store.registerInlineProjection(this.webhookSecrets);
    this.store.registerInlineProjection(webhookSwitches);
  }
}
