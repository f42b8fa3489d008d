import { Inject, Injectable } from '@nestjs/common';
import type { Booking, BookingChannel, BookingStatus, Page, ServerInstant } from '@tabour/contracts';
import { BOOKING_HOLDING_STATUSES } from '@tabour/contracts';
import { customerCard, customerCards, customerNameSql } from '@tabour/customers';
import { Db, notFound } from '@tabour/platform';
import { selectPage } from '../common/paged-select';
import type { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { RESOURCE_IDS } from './queries';

const CUSTOMER_NAME = customerNameSql('customers');

/**
 * A customer's bookings for the customer page's tabs, read from the book at the moment asked:
 * a booking is "next" while it still holds its place and has not ended, and moves to the
 * archive when it ends or is closed (cancelled, completed, no-show). Time moves bookings
 * between the two without any event, so the split is made at read, not kept in a table.
 */
@Injectable()
export class CustomerBookingQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  async next(tenantId: string, customerId: string, page: PageRequest, now = new Date()): Promise<Page<Booking<ServerInstant>>> {
    await this.requireCustomer(tenantId, customerId);
    const base = this.base(tenantId, customerId).where('bookings.status', 'in', BOOKING_HOLDING_STATUSES).where('bookings.ends_at', '>=', now);
    return this.page(base, page, 'asc');
  }

  async past(tenantId: string, customerId: string, page: PageRequest, now = new Date()): Promise<Page<Booking<ServerInstant>>> {
    await this.requireCustomer(tenantId, customerId);
    const base = this.base(tenantId, customerId).where((eb) =>
      eb.or([eb('bookings.status', 'not in', BOOKING_HOLDING_STATUSES), eb('bookings.ends_at', '<', now)]),
    );
    return this.page(base, page, 'desc');
  }

  /** One booking as the book answers it. */
  async one(tenantId: string, id: string): Promise<Booking<ServerInstant>> {
    const found = await this.page(this.book(tenantId).where('bookings.id', '=', id), { limit: 1, offset: 0, page: 1 }, 'asc');
    if (!found.data.length) throw notFound();
    return found.data[0];
  }

  /** Another business's customer answers exactly as a missing one. */
  private async requireCustomer(tenantId: string, customerId: string): Promise<void> {
    const found = await customerCard(this.db, tenantId, customerId);
    if (!found) throw notFound();
  }

  private book(tenantId: string) {
    return this.db.selectFrom('bookings').where('bookings.tenant_id', '=', tenantId);
  }

  private base(tenantId: string, customerId: string) {
    return this.book(tenantId).where('bookings.customer_id', '=', customerId);
  }

  private page(base: ReturnType<CustomerBookingQueries['book']>, page: PageRequest, order: 'asc' | 'desc') {
    return selectPage(
      base,
      (q) =>
        q
          .leftJoin(customerCards(this.db).as('customers'), (j) =>
            j.onRef('customers.id', '=', 'bookings.customer_id').onRef('customers.tenant_id', '=', 'bookings.tenant_id'),
          )
          .selectAll('bookings')
          .select([CUSTOMER_NAME.as('customer_name'), RESOURCE_IDS.as('resource_ids')])
          .orderBy('bookings.starts_at', order)
          .orderBy('bookings.id'),
      page,
      ({ tenant_id: _t, local_date, channel, status, ...r }): Booking<ServerInstant> => ({
        ...r,
        date: String(local_date),
        channel: channel as BookingChannel,
        status: status as BookingStatus,
      }),
    );
  }
}
