import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { BookingInput } from '@tabour/contracts';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import {
  AvailabilityQueryDto,
  BookingArchiveRangeDto,
  BookingDto,
  BookingFilterQuery,
  BookingListQuery,
  BookingRangeDto,
  CancelBookingDto,
  UpdateBookingDto,
} from './dto';
import { BookingsService } from './bookings.service';
import { BookingQueries } from './queries';
import { BookingRequestsService } from './requests/requests.service';

/**
 * The book (docs/product.md#booking-calls): any staff member reads and books. Fixed paths (filter, range,
 * archive, available, create) are declared before booking/:id.
 */
@ApiTags('bookings')
@ApiBearerAuth()
@Controller('business')
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly queries: BookingQueries,
    private readonly requests: BookingRequestsService,
  ) {}

  @Get('booking')
  list(@CurrentUser() user: UserPrincipal, @Query() q: BookingListQuery) {
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>), q.department_id);
  }

  @Get('booking/filter')
  filter(@CurrentUser() user: UserPrincipal, @Query() q: BookingFilterQuery) {
    return this.queries.filter(user.tenantId, q, pageRequest(q as Record<string, unknown>));
  }

  @Post('booking/range')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  range(@CurrentUser() user: UserPrincipal, @Body() body: BookingRangeDto) {
    return this.queries.range(user.tenantId, body);
  }

  @Post('booking/archive/range')
  @HttpCode(200)
  archive(@CurrentUser() user: UserPrincipal, @Body() body: BookingArchiveRangeDto) {
    return this.queries.archive(user.tenantId, body, new Date());
  }

  @Get('booking/available')
  available(@CurrentUser() user: UserPrincipal, @Query() q: AvailabilityQueryDto) {
    return this.bookings.available(user.tenantId, q);
  }

  @Put('booking/create')
  @HttpCode(201)
  async create(@CurrentUser() user: UserPrincipal, @Body() body: BookingDto, @Res({ passthrough: true }) res: Response) {
    // An online booking while the business confirms bookings is a booking request: 202 with the request (docs/bookings.md).
    if (body.is_online && (await this.requests.confirmsBookings(user.tenantId))) {
      res.status(202);
      return this.requests.submit(user.tenantId, body as BookingInput, { type: 'user', id: user.userId, name: user.name });
    }
    return this.bookings.create(user, body as BookingInput);
  }

  @Get('booking/:id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.one(user.tenantId, id);
  }

  @Post('booking/:id/update')
  @HttpCode(200)
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: UpdateBookingDto) {
    return this.bookings.update(user, id, body as Partial<BookingInput>);
  }

  @Post('booking/:id/cancel')
  @HttpCode(200)
  cancel(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: CancelBookingDto) {
    return this.bookings.cancel(user, id, body.reason ?? null);
  }

  @Delete('booking/:id/delete')
  remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.bookings.remove(user, id);
  }
}
