import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth';
import { BroadcastService } from './broadcast.service';

/**
 * Where browsers find the broadcast channel. The channel has its own port (BROADCAST_PORT);
 * a page served on the API's port learns it here instead of assuming 6001.
 */
@ApiTags('broadcast')
@Controller('broadcast')
export class BroadcastController {
  constructor(private readonly broadcast: BroadcastService) {}

  @Public()
  @Get('config')
  config() {
    return { port: this.broadcast.port ?? null, path: '/socket.io' };
  }
}
