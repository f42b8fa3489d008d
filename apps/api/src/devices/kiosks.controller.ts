import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser, RequiresPlan, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { actorOf } from '../common/actor';
import { imageUpload, UploadedImage } from '../organisation/uploads';
import { DeviceQueries } from './devices.queries';
import { CreateKioskDto, DeviceListQuery, KioskFieldsDto, REMOTE_COMMANDS } from './kiosk.dto';
import { KiosksService, RemoteCommand } from './kiosks.service';
import { notFound } from '@tabour/platform';

/** Kiosks in the back-office: ADMIN or MANAGER, on a LIBERUP or LIBERPRO membership (docs/product.md#plan-gate). */
@ApiTags('kiosks')
@ApiBearerAuth()
@Controller('business')
@Roles('ADMIN', 'MANAGER')
@RequiresPlan('LIBERUP', 'LIBERPRO')
export class KiosksController {
  constructor(
    private readonly kiosks: KiosksService,
    private readonly queries: DeviceQueries,
  ) {}

  @Get('kiosk')
  list(@CurrentUser() user: UserPrincipal, @Query() q: DeviceListQuery) {
    return this.queries.list('kiosk', user.tenantId, pageRequest(q as Record<string, unknown>), { lite: q.lite === '1' || q.lite === 'true' });
  }

  @Post('kiosk/filter/:keyword')
  @HttpCode(200)
  filter(@CurrentUser() user: UserPrincipal, @Param('keyword') keyword: string, @Query() q: DeviceListQuery) {
    return this.queries.list('kiosk', user.tenantId, pageRequest(q as Record<string, unknown>), { q: keyword.slice(0, 100) });
  }

  @Post('kiosk/create')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('placeholder', imageUpload))
  create(@CurrentUser() user: UserPrincipal, @Body() body: CreateKioskDto, @UploadedFile() file?: UploadedImage) {
    return this.kiosks.create(user.tenantId, actorOf(user), body, file);
  }

  @Get('kiosk/:id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.one('kiosk', user.tenantId, id);
  }

  @Post('kiosk/:id/update')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('placeholder', imageUpload))
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: KioskFieldsDto, @UploadedFile() file?: UploadedImage) {
    return this.kiosks.update(user.tenantId, actorOf(user), id, body, file);
  }

  @Delete('kiosk/:id/delete')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.kiosks.remove(user.tenantId, actorOf(user), id);
    return { message: 'Kiosk deleted', id };
  }

  /** A new secret and auto-login token, shown once in this answer; the kiosk's sessions end. */
  @Post('kiosk/:id/reset')
  @HttpCode(200)
  reset(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.kiosks.reset(user.tenantId, actorOf(user), id);
  }

  /** Remote commands: auto-login, refresh, logout, go to v1 or v2. */
  @Post('kiosk/:id/remote/:command')
  @HttpCode(200)
  remote(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Param('command') command: string) {
    if (!(REMOTE_COMMANDS as readonly string[]).includes(command)) throw notFound('Unknown command');
    return this.kiosks.remote(user.tenantId, id, command as RemoteCommand);
  }
}
