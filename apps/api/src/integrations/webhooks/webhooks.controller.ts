import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../../common/auth';
import { IdPipe } from '../../common/ids';
import { paged, pageRequest } from '../../common/paging';
import { CreateWebhookDto, DeliveriesQuery, ReplayDto, UpdateWebhookDto } from './dto';
import { WebhooksService } from './webhooks.service';

/** Signed webhooks of the business (docs/integrations-webhooks.md): ADMIN only. */
@ApiTags('integrations')
@ApiBearerAuth()
@Roles('ADMIN')
@Controller('business/integrations/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  async list(@CurrentUser() user: UserPrincipal) {
    const rows = await this.webhooks.list(user.tenantId);
    return paged(rows, rows.length, { limit: null, offset: 0, page: 1 });
  }

  /** The answer carries `secret`, shown this once. */
  @Post()
  @HttpCode(201)
  create(@CurrentUser() user: UserPrincipal, @Body() body: CreateWebhookDto) {
    return this.webhooks.create(user, body);
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.webhooks.one(user.tenantId, id);
  }

  @Patch(':id')
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: UpdateWebhookDto) {
    return this.webhooks.update(user, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.webhooks.remove(user, id);
  }

  /** A new secret, shown this once; the previous one still signs beside it for 24 hours. */
  @Post(':id/secret')
  @HttpCode(200)
  rotate(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.webhooks.rotate(user, id);
  }

  @Get(':id/deliveries')
  deliveries(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Query() q: DeliveriesQuery) {
    return this.webhooks.deliveries(user.tenantId, id, pageRequest(q as Record<string, unknown>, 25), q.status);
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(201)
  redeliver(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Param('delivery_id', IdPipe) deliveryId: string) {
    return this.webhooks.redeliver(user.tenantId, id, deliveryId);
  }

  @Post(':id/replay')
  @HttpCode(200)
  replay(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: ReplayDto) {
    return this.webhooks.replay(user.tenantId, id, body.from_position);
  }
}
