import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Category } from '@tabour/customers';
import { invalid, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { CustomerCommands } from './commands';
import { actorOf } from '../common/actor';
import { CustomersService } from './customers.service';
import { CustomerDto, CustomerListQuery, PageQuery, RelatedDto } from './dto';
import { CustomerFilters, CustomerQueries } from './queries';

export const CUSTOMER_PAGE = 1000;

export const filtersOf = (q: CustomerListQuery): CustomerFilters => ({
  q: q.q,
  category: q.category as Category | undefined,
  sort: q.sort as CustomerFilters['sort'],
  order: q.order as CustomerFilters['order'],
});

/** The customer database (CRM): ADMIN and MANAGER, as the /customers screen. */
@ApiTags('customers')
@ApiBearerAuth()
@Roles('ADMIN', 'MANAGER')
@Controller('business/customer')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly queries: CustomerQueries,
    private readonly commands: CustomerCommands,
  ) {}

  @Get()
  async list(@CurrentUser() user: UserPrincipal, @Query() q: CustomerListQuery) {
    const country = q.q ? await this.commands.country(user.tenantId) : null;
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>, CUSTOMER_PAGE), filtersOf(q), country);
  }

  @Get('filter/:keyword')
  async search(@CurrentUser() user: UserPrincipal, @Param('keyword') keyword: string, @Query() q: PageQuery) {
    if (keyword.length > 100) throw invalid('The keyword may have at most 100 characters', { keyword: ['The keyword may have at most 100 characters'] });
    const country = await this.commands.country(user.tenantId);
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>, CUSTOMER_PAGE), { q: keyword }, country);
  }

  @Put('create')
  @HttpCode(201)
  create(@CurrentUser() user: UserPrincipal, @Body() body: CustomerDto) {
    return this.customers.create(user.tenantId, actorOf(user), body);
  }

  /** Reserves the next free numeric internal id (a medical file number) of the business. */
  @Post('next_iid')
  @HttpCode(200)
  async nextIid(@CurrentUser() user: UserPrincipal) {
    return { internal_id: await this.queries.nextInternalId(user.tenantId) };
  }

  // The staff's message to the customers picked (POST customer/notify) is a notification: apps/api/src/notifications/customer-messages.controller.ts.

  // The booking tabs (POST customer/bookings, customer/archiveBookings) read the book: apps/api/src/bookings/customer-bookings.controller.ts.

  @Post('archiveQueue')
  @HttpCode(200)
  archivedTickets(@CurrentUser() user: UserPrincipal, @Body() body: RelatedDto) {
    return this.queries.related(user.tenantId, body.customer_id.toLowerCase(), 'archived_tickets', pageRequest(body as unknown as Record<string, unknown>));
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.one(user.tenantId, id);
  }

  @Post(':id/update')
  @HttpCode(200)
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: CustomerDto) {
    return this.customers.update(user.tenantId, actorOf(user), id, body);
  }

  /** Deleting a customer erases them: their personal data cannot be read back from anywhere. */
  @Delete(':id/delete')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.customers.erase(user.tenantId, actorOf(user), id, 'request');
    return { id };
  }

  @Post(':id/erase')
  @HttpCode(200)
  async erase(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.customers.erase(user.tenantId, actorOf(user), id, 'request');
    return { id, erased: true };
  }
}
