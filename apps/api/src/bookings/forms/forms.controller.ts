import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../../common/auth';
import { IdPipe } from '../../common/ids';
import { pageRequest } from '../../common/paging';
import { FormFieldDto, FormsQuery } from './forms.dto';
import { FormsService } from './forms.service';

/** Booking form fields: extra questions of bookings and queue joins (docs/bookings.md, "Forms"). */
@ApiTags('forms')
@ApiBearerAuth()
@Controller('business/forms')
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  /** Any staff role reads them: the booking dialog shows them. */
  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: FormsQuery) {
    return this.forms.list(user.tenantId, pageRequest(q as Record<string, unknown>), q.flow);
  }

  @Put('create')
  @HttpCode(201)
  @Roles('ADMIN')
  create(@CurrentUser() user: UserPrincipal, @Body() body: FormFieldDto) {
    return this.forms.create(user, body);
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.forms.one(user.tenantId, id);
  }

  @Post(':id/update')
  @HttpCode(200)
  @Roles('ADMIN')
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: FormFieldDto) {
    return this.forms.update(user, id, body);
  }

  @Delete(':id/delete')
  @Roles('ADMIN')
  remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.forms.remove(user, id);
  }
}
