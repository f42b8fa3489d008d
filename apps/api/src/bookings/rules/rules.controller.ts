import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../../common/auth';
import { IdPipe } from '../../common/ids';
import { pageRequest } from '../../common/paging';
import { ListQuery } from '../../organisation/dto';
import { ReorderRulesDto, RuleDto } from './rules.dto';
import { RulesService } from './rules.service';

/** Business rules that approve or decline booking requests and queue joins (docs/bookings.md, "Requests and rules"). */
@ApiTags('rules')
@ApiBearerAuth()
@Roles('ADMIN', 'MANAGER')
@Controller('business/rules')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: ListQuery) {
    return this.rules.list(user.tenantId, pageRequest(q as Record<string, unknown>));
  }

  @Put('create')
  @HttpCode(201)
  create(@CurrentUser() user: UserPrincipal, @Body() body: RuleDto) {
    return this.rules.create(user, body);
  }

  @Post('reorder')
  @HttpCode(200)
  reorder(@CurrentUser() user: UserPrincipal, @Body() body: ReorderRulesDto) {
    return this.rules.reorder(user, body.ids);
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.rules.one(user.tenantId, id);
  }

  @Post(':id/update')
  @HttpCode(200)
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: RuleDto) {
    return this.rules.update(user, id, body);
  }

  @Delete(':id/delete')
  remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.rules.remove(user, id);
  }
}
