import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, RequiresPlan, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { actorOf } from '../common/actor';
import { imageUpload, UploadedFileOnDisk, UploadedImage, videoUpload } from '../organisation/uploads';
import { CreateDisplayDto, DisplayFieldsDto, DisplayLogsQuery } from './display.dto';
import { DeviceQueries } from './devices.queries';
import { DisplayBoard, DisplaysService } from './displays.service';
import { DeviceListQuery, REMOTE_COMMANDS } from './kiosk.dto';
import { RemoteCommand } from './device-support';

/** Display screens in the back-office: ADMIN or MANAGER, on a LIBERUP or LIBERPRO membership (docs/product.md#plan-gate). */
@ApiTags('displays')
@ApiBearerAuth()
@Controller('business')
@Roles('ADMIN', 'MANAGER')
@RequiresPlan('LIBERUP', 'LIBERPRO')
export class DisplaysController {
  constructor(
    private readonly displays: DisplaysService,
    private readonly queries: DeviceQueries,
  ) {}

  @Get('display')
  list(@CurrentUser() user: UserPrincipal, @Query() q: DeviceListQuery) {
    return this.queries.list('display', user.tenantId, pageRequest(q as Record<string, unknown>), { lite: q.lite === '1' || q.lite === 'true' });
  }

  @Post('display/filter/:keyword')
  @HttpCode(200)
  filter(@CurrentUser() user: UserPrincipal, @Param('keyword') keyword: string, @Query() q: DeviceListQuery) {
    return this.queries.list('display', user.tenantId, pageRequest(q as Record<string, unknown>), { q: keyword.slice(0, 100) });
  }

  @Post('display/create')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('placeholder', imageUpload))
  create(@CurrentUser() user: UserPrincipal, @Body() body: CreateDisplayDto, @UploadedFile() file?: UploadedImage) {
    return this.displays.create(user.tenantId, actorOf(user), body, file);
  }

  @Get('display/:id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.one('display', user.tenantId, id);
  }

  @Post('display/:id/update')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('placeholder', imageUpload))
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: DisplayFieldsDto, @UploadedFile() file?: UploadedImage) {
    return this.displays.update(user.tenantId, actorOf(user), id, body, file);
  }

  @Delete('display/:id/delete')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.displays.remove(user.tenantId, actorOf(user), id);
    return { message: 'Display deleted', id };
  }

  /** A new secret and auto-login token, shown once in this answer; the display's sessions end. */
  @Post('display/:id/reset')
  @HttpCode(200)
  reset(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.displays.reset(user.tenantId, actorOf(user), id);
  }

  /** Remote commands: auto-login, refresh, logout, go to v1 or v2. */
  @Post('display/:id/remote/:command')
  @HttpCode(200)
  remote(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Param('command') command: string) {
    if (!(REMOTE_COMMANDS as readonly string[]).includes(command)) throw notFound('Unknown command');
    return this.displays.remote(user.tenantId, id, command as RemoteCommand);
  }

  /** The video the screen plays: an MP4 or WebM file of at most 50 MB, in the `video` field. */
  @Post('display/:id/video')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(FileInterceptor('video', videoUpload))
  video(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @UploadedFile() file?: UploadedFileOnDisk) {
    return this.displays.video(user.tenantId, actorOf(user), id, file);
  }

  /** Pings, logins, logouts and commands of the screen, with the changes made to it, newest first. */
  @Get('display/:id/logs')
  logs(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Query() q: DisplayLogsQuery) {
    return this.displays.logs(user.tenantId, id, pageRequest(q as Record<string, unknown>, 50));
  }
}

/**
 * The staff's calling screen of one queue (`/queues/:id/display`): part of the queues feature,
 * so ADMIN or MANAGER on any membership, without the display screens' plan gate.
 */
@ApiTags('queues')
@ApiBearerAuth()
@Controller('business')
@Roles('ADMIN', 'MANAGER')
export class QueueDisplayController {
  constructor(private readonly board: DisplayBoard) {}

  @Get('queue/:id/display')
  display(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.board.forQueue(user.tenantId, id);
  }
}
