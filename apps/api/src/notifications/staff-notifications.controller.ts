import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { StaffNotificationsQuery } from './dto';
import { StaffNotificationsService } from './staff-notifications.service';

/** The bell of the back-office: any staff role reads and marks its business's notices. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('business/notification')
export class StaffNotificationsController {
  constructor(private readonly notices: StaffNotificationsService) {}

  /** `StaffNotification` rows, newest first, and `unread`, the count the bell shows. */
  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: StaffNotificationsQuery) {
    return this.notices.list(user.tenantId, pageRequest(q as Record<string, unknown>), q.unread === 'true' || q.unread === '1');
  }

  @Post('read-all')
  @HttpCode(200)
  readAll(@CurrentUser() user: UserPrincipal) {
    return this.notices.readAll(user.tenantId);
  }

  @Post(':id/read')
  @HttpCode(200)
  read(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.notices.read(user.tenantId, id);
  }
}
