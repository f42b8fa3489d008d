import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { BookingInput } from '@tabour/contracts';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../../common/auth';
import { IdPipe } from '../../common/ids';
import { pageRequest } from '../../common/paging';
import { ListQuery } from '../../organisation/dto';
import { ApproveRequestDto, DeclineRequestDto, RequestFilterDto } from './requests.dto';
import { BookingRequestsService } from './requests.service';

/**
 * Booking requests awaiting staff (docs/bookings.md, "Requests and rules"); any staff role may
 * decide them, as at the desk. Each change reaches the business room as a `bookingrequest` notice.
 */
@ApiTags('booking requests')
@ApiBearerAuth()
@Controller('business/booking/request')
export class BookingRequestsController {
  constructor(private readonly requests: BookingRequestsService) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: ListQuery) {
    return this.requests.list(user.tenantId, pageRequest(q as Record<string, unknown>));
  }

  @Post('filter')
  @HttpCode(200)
  filter(@CurrentUser() user: UserPrincipal, @Body() body: RequestFilterDto) {
    const { page, ...filter } = body;
    return this.requests.list(user.tenantId, pageRequest({ page }), filter);
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.requests.one(user.tenantId, id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: ApproveRequestDto) {
    return this.requests.approve(user, id, (body.data ?? {}) as Partial<BookingInput>);
  }

  @Delete(':id/decline')
  decline(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: DeclineRequestDto) {
    return this.requests.decline(user, id, body.reason ?? null);
  }
}
