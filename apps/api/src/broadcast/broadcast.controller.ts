import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { BroadcastConfig } from '@tabour/contracts';
import { AppConfig } from '@tabour/platform';
import { Public } from '../common/auth';
import { APP_CONFIG } from '../common/tokens';
import { BroadcastService } from './broadcast.service';

/**
 * Where browsers find the broadcast channel. The channel has its own port (BROADCAST_PORT);
 * a page served on the API's port learns it here instead of assuming 6001. Behind a reverse
 * proxy, each instance listens on a port of its own and browsers are told the proxy's
 * (PUBLIC_BROADCAST_PORT).
 */
@ApiTags('broadcast')
@Controller('broadcast')
export class BroadcastController {
  constructor(
    private readonly broadcast: BroadcastService,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
  ) {}

  @Public()
  @Get('config')
  config(): BroadcastConfig {
    return { port: this.appConfig.publicBroadcastPort ?? this.broadcast.port ?? null, path: '/socket.io' };
  }
}
