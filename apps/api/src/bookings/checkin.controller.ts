import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../common/auth';
import { actorOf } from '../common/actor';
import { IdPipe } from '../common/ids';
import { QueueQueries } from '../queues/queries';
import { CustomerBookingQueries } from './customer-bookings.queries';
import { BookingCheckins } from './checkin.service';

export class CheckInDto {
  /** The queue to check in to, when the booking names none (or the desk redirects it). */
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid queue' }) queue_id?: string;
}

/** Check-in at the desk: the booking becomes a ticket of its queue (docs/bookings.md, "Check-in"). */
@ApiTags('bookings')
@ApiBearerAuth()
@Controller('business/booking')
export class BookingCheckinController {
  constructor(
    private readonly checkins: BookingCheckins,
    private readonly bookings: CustomerBookingQueries,
    private readonly tickets: QueueQueries,
  ) {}

  @Post(':id/checkin')
  @HttpCode(200)
  async checkIn(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: CheckInDto) {
    const done = await this.checkins.checkIn(user.tenantId, id, actorOf(user), body?.queue_id);
    const [booking, ticket] = await Promise.all([
      this.bookings.one(user.tenantId, done.booking_id),
      this.tickets.ticket(user.tenantId, done.queue_id, done.ticket_id),
    ]);
    return { booking, ticket };
  }
}
