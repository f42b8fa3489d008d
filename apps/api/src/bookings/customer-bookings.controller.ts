import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../common/auth';
import { pageRequest } from '../common/paging';
import { CustomerBookingQueries } from './customer-bookings.queries';

export class CustomerBookingsDto {
  @ApiProperty() @IsUUID('all', { message: 'Select a valid customer' }) customer_id!: string;
  /** Checked by pageRequest, as every list's page. */
  @ApiPropertyOptional() @IsOptional() page?: string | number;
  @ApiPropertyOptional() @IsOptional() per_page?: string | number;
}

const pageOf = (b: CustomerBookingsDto) => pageRequest({ page: b.page === undefined ? undefined : String(b.page), per_page: b.per_page });

/** The customer page's booking tabs: the customer's next bookings, and the past or closed ones. */
@ApiTags('customers')
@ApiBearerAuth()
@Controller('business/customer')
export class CustomerBookingsController {
  constructor(private readonly queries: CustomerBookingQueries) {}

  @Post('bookings')
  @HttpCode(200)
  next(@CurrentUser() user: UserPrincipal, @Body() body: CustomerBookingsDto) {
    return this.queries.next(user.tenantId, body.customer_id.toLowerCase(), pageOf(body));
  }

  @Post('archiveBookings')
  @HttpCode(200)
  past(@CurrentUser() user: UserPrincipal, @Body() body: CustomerBookingsDto) {
    return this.queries.past(user.tenantId, body.customer_id.toLowerCase(), pageOf(body));
  }
}
