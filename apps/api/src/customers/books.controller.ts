import { Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Category, CATEGORIES } from '@tabour/customers';
import { invalid, notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { actorOf } from '../common/actor';
import { CUSTOMER_PAGE } from './customers.controller';
import { CustomersService } from './customers.service';
import { PageQuery } from './dto';
import { CustomerQueries } from './queries';

/** A book's id is its category name (BASIC, VIP, BLACKLISTED), in any case. */
function bookOf(bookId: string): Category {
  const c = bookId.toUpperCase();
  if (!CATEGORIES.includes(c as Category)) throw notFound();
  return c as Category;
}

/**
 * Customer categories ("books"). A customer is in exactly one: adding to a book moves them
 * there, removing from VIP or BLACKLISTED moves them back to BASIC.
 */
@ApiTags('customers')
@ApiBearerAuth()
@Roles('ADMIN', 'MANAGER')
@Controller('business/customer/book')
export class CustomerBooksController {
  constructor(
    private readonly customers: CustomersService,
    private readonly queries: CustomerQueries,
  ) {}

  @Get()
  async books(@CurrentUser() user: UserPrincipal) {
    const counts = await this.queries.categoryCounts(user.tenantId);
    const data = CATEGORIES.map((c) => ({ id: c, name: c, count: counts[c] ?? 0 }));
    return { data, total: data.length, page: 1, per_page: null, last_page: 1 };
  }

  @Get(':book_id')
  list(@CurrentUser() user: UserPrincipal, @Param('book_id') bookId: string, @Query() q: PageQuery) {
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>, CUSTOMER_PAGE), { category: bookOf(bookId) }, null);
  }

  @Put(':book_id/add/:customer_id')
  add(@CurrentUser() user: UserPrincipal, @Param('book_id') bookId: string, @Param('customer_id', IdPipe) customerId: string) {
    return this.customers.setCategory(user.tenantId, actorOf(user), customerId, bookOf(bookId));
  }

  @Delete(':book_id/remove/:customer_id')
  async remove(@CurrentUser() user: UserPrincipal, @Param('book_id') bookId: string, @Param('customer_id', IdPipe) customerId: string) {
    const book = bookOf(bookId);
    const customer = await this.queries.one(user.tenantId, customerId);
    if (book === 'BASIC') throw invalid('Every customer has a category: add the customer to VIP or BLACKLISTED instead', { book_id: ['BASIC cannot be left'] });
    if (customer.category !== book) throw invalid(`The customer is not in ${book}`, { book_id: [`The customer is not in ${book}`] });
    return this.customers.setCategory(user.tenantId, actorOf(user), customerId, 'BASIC');
  }
}
