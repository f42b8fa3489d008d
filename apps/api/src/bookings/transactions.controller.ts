import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { sql } from 'kysely';
import { mayEnterAmount, type BookingTransaction, type BookingTransactions } from '@tabour/contracts';
import { paymentDecider, PaymentCommand, paymentStatus, toCents } from '@tabour/bookings';
import { bookingStream } from '@tabour/bookings';
import { servicesPriceSql } from '@tabour/organisation';
import { Db, invalid, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';
import { acceptedMethods } from './payment-types.controller';
import { paymentSettings } from './payments.controller';
import { TransactionDto } from './transactions.dto';

const AMOUNT_NOT_ALLOWED = 'Your business does not allow counter agents to enter an amount';

/**
 * Payments on a booking (docs/bookings.md, "Payments"): recorded in the booking's stream; the
 * status and the rest to pay are read against the booking's price (the sum of its services'
 * prices) and every payment before, in the order they were recorded.
 */
@ApiTags('booking transactions')
@ApiBearerAuth()
@Controller('business/booking/transaction')
export class TransactionsController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  @Get(':booking_id')
  async list(@CurrentUser() user: UserPrincipal, @Param('booking_id', IdPipe) bookingId: string): Promise<BookingTransactions<Date>> {
    const price = await this.priceCents(user.tenantId, bookingId);
    const rows = await this.db
      .selectFrom('booking_transactions')
      .selectAll()
      .where('tenant_id', '=', user.tenantId)
      .where('booking_id', '=', bookingId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    let paid = 0;
    const data = rows.map((r) => {
      paid += toCents(Number(r.amount).toFixed(2)) ?? 0;
      const { status, rest_cents } = paymentStatus(price, paid);
      return {
        id: r.id,
        booking_id: r.booking_id,
        amount: Number(r.amount),
        method: r.method as BookingTransaction['method'],
        status,
        rest_to_pay: rest_cents / 100,
        paid_on: r.paid_on,
        note: r.note,
        created_at: r.created_at,
      };
    });
    const { rest_cents } = paymentStatus(price, paid);
    return { data, price: price / 100, paid: paid / 100, rest_to_pay: rest_cents / 100 };
  }

  @Post('create')
  async create(@CurrentUser() user: UserPrincipal, @Body() body: TransactionDto) {
    // A counter agent records an amount only where the business allows it (/settings/payment).
    // A 422 on the amount, not a 403: any 403 ends the web's session (docs/product.md#sessions), and this refusal must not.
    if (!mayEnterAmount(user.role, await paymentSettings(this.db, user.tenantId))) {
      throw invalid(AMOUNT_NOT_ALLOWED, { amount: [AMOUNT_NOT_ALLOWED] }, 'amount_entry_not_allowed');
    }
    const bookingId = body.booking_id.toLowerCase();
    const id = randomUUID();
    const command: PaymentCommand = {
      type: 'RecordBookingPayment',
      booking_id: bookingId,
      business_id: user.tenantId,
      payment_id: id,
      input: { amount: body.amount, method: body.method, paid_on: body.paid_on, note: body.note },
      accepted_methods: await acceptedMethods(this.db, user.tenantId),
      price_cents: await this.priceCents(user.tenantId, bookingId),
    };
    await this.commands.run(paymentDecider, bookingStream(bookingId), command, { tenantId: user.tenantId, actor: actorOf(user) });
    const all = await this.list(user, bookingId);
    return all.data.find((t) => t.id === id);
  }

  @Delete(':id')
  @Roles('ADMIN', 'MANAGER')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const row = await this.db
      .selectFrom('booking_transactions')
      .select('booking_id')
      .where('tenant_id', '=', user.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Payment not found');
    await this.commands.run(
      paymentDecider,
      bookingStream(row.booking_id),
      { type: 'DeleteBookingPayment', booking_id: row.booking_id, business_id: user.tenantId, payment_id: id },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return { id };
  }

  /** The booking's price in cents: its services' prices; 404 when the booking is not the business's. */
  private async priceCents(tenantId: string, bookingId: string): Promise<number> {
    const r = await sql<{ price: string | null; found: boolean }>`
      SELECT ${servicesPriceSql(sql.ref('b.tenant_id'), sql.ref('b.service_ids'))} AS price, true AS found
      FROM bookings b WHERE b.tenant_id = ${tenantId} AND b.id = ${bookingId}`.execute(this.db);
    if (!r.rows[0]) throw notFound('Booking not found');
    return toCents(Number(r.rows[0].price ?? 0).toFixed(2)) ?? 0;
  }
}
