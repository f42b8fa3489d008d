import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { PgEventStore } from '@tabour/eventstore';
import { apiKeysProjection, feedProjectionOf } from '@tabour/integrations';
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

const FEED_GATHER_MS = 100;

/** Integrators: API keys and the public event feed (docs/integrations.md). */
@Module({
  controllers: [ApiKeysController, FeedController],
  providers: [ApiKeysService, ApiKeyAuth, ApiKeyGuard, FeedService, FeedWaker, KeyStreams],
  exports: [ApiKeyAuth, ApiKeyGuard, FeedService, FeedWaker],
})
export class IntegrationsModule implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    private readonly registry: ProjectionRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.store.registerInlineProjection(apiKeysProjection);
    // An integrator reads the feed seconds apart: a longer gather makes fewer, larger batches
    // beside the requests, for a tenth of a second more before a plain key sees an event.
    this.registry.registerAsync(feedProjectionOf(this.config.feedChunkEvents), { gatherMs: FEED_GATHER_MS });
  }
}
