import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { DeclineRequestDto, RequestListQueryDto, UpdateRequestDto } from './requests.dto';
import { RequestsService } from './requests.service';

/**
 * Queue requests as staff work them: the waiting-list screen is open to every role, so any
 * staff member lists, corrects, approves and declines; deleting one is for ADMIN and MANAGER.
 */
@ApiTags('queue requests')
@ApiBearerAuth()
@Controller('business')
export class QueueRequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Get('queue/:queue_id/requests')
  list(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) queueId: string, @Query() q: RequestListQueryDto) {
    return this.requests.list(user.tenantId, queueId, pageRequest(q as Record<string, unknown>), q.status);
  }

  @Get('queue/:queue_id/request/:id')
  one(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) queueId: string, @Param('id', IdPipe) id: string) {
    return this.requests.one(user.tenantId, queueId, id);
  }

  /** Pushes the ticket into the queue, then answers the request with it ({ id, uid, label, rank }). */
  @Post('queue/:queue_id/request/:id/approve')
  @HttpCode(200)
  approve(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) queueId: string, @Param('id', IdPipe) id: string) {
    return this.requests.approve(user, queueId, id);
  }

  @Post('queue/:queue_id/request/:id/decline')
  @HttpCode(200)
  decline(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) queueId: string, @Param('id', IdPipe) id: string, @Body() body: DeclineRequestDto) {
    return this.requests.decline(user, queueId, id, body.reason ?? null);
  }

  @Post('queue/:queue_id/request/:id/update')
  @HttpCode(200)
  update(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) queueId: string, @Param('id', IdPipe) id: string, @Body() body: UpdateRequestDto) {
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    return this.requests.update(user, queueId, id, changes);
  }

  @Delete('queue/:queue_id/request/:id/delete')
  @Roles('ADMIN', 'MANAGER')
  remove(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) queueId: string, @Param('id', IdPipe) id: string) {
    return this.requests.remove(user, queueId, id);
  }
}
