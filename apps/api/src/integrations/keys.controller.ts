import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { CreateApiKeyDto, KeyListQuery } from './dto';
import { ApiKeysService } from './keys.service';

/** The business's API keys, for integrators: an administrator's matter (docs/integrations.md). */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('business/integrations/keys')
@Roles('ADMIN')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: KeyListQuery) {
    return this.keys.list(user.tenantId, pageRequest(q as Record<string, unknown>, 50));
  }

  /** The token is in this answer only: it is stored hashed. */
  @Put('create')
  @HttpCode(201)
  create(@CurrentUser() user: UserPrincipal, @Body() body: CreateApiKeyDto) {
    return this.keys.create(user, body);
  }

  @Get(':id')
  async one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return (await this.keys.one(user.tenantId, id)) ?? Promise.reject(notFound());
  }

  @Post(':id/revoke')
  @HttpCode(200)
  revoke(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.keys.revoke(user, id);
  }
}
