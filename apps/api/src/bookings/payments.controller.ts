import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsUUID } from 'class-validator';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentCurrency,
  type PaymentMethod,
  type PaymentSettings,
  type PaymentStatus,
  type ReceivedPayment,
  type ReceivedPayments,
  type ServerInstant,
} from '@tabour/contracts';
import { paymentSettingsDecider, paymentSettingsStream } from '@tabour/bookings';
import { departmentCards } from '@tabour/organisation';
import { Db, invalid, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { CurrentUser, Roles } from '../common/auth';
import { OptionalMatch, PageQuery } from '../common/dto-fields';
import { ToBoolean } from '../common/transforms';
import { pageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';
import { BusinessCalendar } from '../organisation/calendar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EXPORT_CAP = 50_000;

export class PaymentSettingsDto {
  @ApiPropertyOptional({ enum: PAYMENT_CURRENCIES })
  @IsOptional()
  @IsIn(PAYMENT_CURRENCIES as unknown as string[], { message: `Choose one of: ${PAYMENT_CURRENCIES.join(', ')}` })
  currency?: PaymentCurrency;
  @ApiPropertyOptional() @IsOptional() @ToBoolean() @IsBoolean({ message: 'agents_may_enter_amount must be true or false' }) agents_may_enter_amount?: boolean;
}

export class ReceivedPaymentsQuery extends PageQuery {
  @OptionalMatch(DATE, 'Enter dates as YYYY-MM-DD') from?: string;
  @OptionalMatch(DATE, 'Enter dates as YYYY-MM-DD') to?: string;
  @ApiPropertyOptional({ enum: PAYMENT_METHODS })
  @IsOptional()
  @IsIn(PAYMENT_METHODS as unknown as string[], { message: `Select a valid method (${PAYMENT_METHODS.join(', ')})` })
  method?: PaymentMethod;
  @ApiPropertyOptional({ enum: PAYMENT_STATUSES })
  @IsOptional()
  @IsIn(PAYMENT_STATUSES as unknown as string[], { message: `Select a valid status (${PAYMENT_STATUSES.join(', ')})` })
  status?: PaymentStatus;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid department' }) department_id?: string;
}

/** The business's payment settings (no row: the defaults). */
export async function paymentSettings(db: Db, tenantId: string): Promise<PaymentSettings> {
  const row = await db
    .selectFrom('business_payment_settings')
    .select(['currency', 'agents_may_enter_amount'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? { currency: row.currency as PaymentCurrency, agents_may_enter_amount: row.agents_may_enter_amount } : { ...DEFAULT_PAYMENT_SETTINGS };
}

/**
 * /settings/payment: the payments the business received on its bookings, and its payment
 * settings, the my-business settings (`/myliberrex`, docs/product.md#payment-settings).
 */
@ApiTags('payments')
@ApiBearerAuth()
@Controller('business')
export class PaymentsController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
    private readonly calendar: BusinessCalendar,
  ) {}

  /** Any staff role reads them: the booking dialog shows the currency and whether to offer the payment form. */
  @Get('myliberrex')
  settings(@CurrentUser() user: UserPrincipal): Promise<PaymentSettings> {
    return paymentSettings(this.db, user.tenantId);
  }

  @Post('myliberrex/update')
  @HttpCode(200)
  @Roles('ADMIN')
  async update(@CurrentUser() user: UserPrincipal, @Body() body: PaymentSettingsDto): Promise<PaymentSettings> {
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await this.commands.run(
      paymentSettingsDecider,
      paymentSettingsStream(user.tenantId),
      { type: 'UpdatePaymentSettings', business_id: user.tenantId, changes },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return paymentSettings(this.db, user.tenantId);
  }

  /**
   * The received payments, newest day first, with the totals of all the filters keep. A payment
   * counts for its paid-on date, else for the day it was recorded in the business's zone.
   */
  @Get('booking/payments')
  @Roles('ADMIN')
  async list(@CurrentUser() user: UserPrincipal, @Query() q: ReceivedPaymentsQuery): Promise<ReceivedPayments<ServerInstant>> {
    for (const field of ['from', 'to'] as const) {
      const value = q[field];
      if (value && !DateTime.fromISO(value).isValid)
        throw invalid('Enter a valid date (YYYY-MM-DD)', { [field]: ['Enter a valid date (YYYY-MM-DD)'] }, 'validation_failed');
    }
    if (q.from && q.to && q.from > q.to)
      throw invalid('The start date must be on or before the end date', { from: ['The start date must be on or before the end date'] }, 'validation_failed');
    const page = pageRequest(q as Record<string, unknown>, 50);
    const [zone, settings] = await Promise.all([this.calendar.zone(user.tenantId), paymentSettings(this.db, user.tenantId)]);
    // Compared as YYYY-MM-DD text: a stored paid-on date is never cast, so no row can fail the query.
    const day = sql`coalesce(t.paid_on, to_char(t.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD'))`;
    const where = sql.join(
      [
        sql`t.tenant_id = ${user.tenantId}`,
        ...(q.from ? [sql`${day} >= ${q.from}`] : []),
        ...(q.to ? [sql`${day} <= ${q.to}`] : []),
        ...(q.method ? [sql`t.method = ${q.method}`] : []),
        ...(q.status ? [sql`t.status = ${q.status}`] : []),
        ...(q.department_id ? [sql`b.department_id = ${q.department_id.toLowerCase()}`] : []),
      ],
      sql` AND `,
    );
    const from = sql`booking_transactions t JOIN bookings b ON b.tenant_id = t.tenant_id AND b.id = t.booking_id LEFT JOIN ${departmentCards(this.db)} d ON d.tenant_id = b.tenant_id AND d.id = b.department_id`;
    // An export asks for every row: bounded all the same, as a year of a busy desk stays well under it.
    const window = sql`LIMIT ${page.limit ?? EXPORT_CAP} OFFSET ${page.offset}`;
    const [rows, byMethod] = await Promise.all([
      sql<Omit<ReceivedPayment<ServerInstant>, 'amount' | 'rest_to_pay'> & { amount: string; rest_to_pay: string }>`
        SELECT t.id, t.booking_id, ${day} AS day, t.amount, t.method, t.status, t.rest_to_pay, t.note,
               b.department_id, d.name AS department_name, b.starts_at AS booking_starts_at, t.created_at
        FROM ${from} WHERE ${where}
        ORDER BY ${day} DESC, t.created_at DESC, t.id ${window}`.execute(this.db),
      sql<{ method: PaymentMethod; count: number; amount: string }>`
        SELECT t.method, count(*)::int AS count, sum(t.amount)::text AS amount FROM ${from} WHERE ${where} GROUP BY 1 ORDER BY 1`.execute(this.db),
    ]);
    const by_method = byMethod.rows.map((r) => ({ method: r.method, count: r.count, amount: Number(r.amount) }));
    const count = by_method.reduce((a, r) => a + r.count, 0);
    // Summed in cents, so that many payments of two decimals add up exactly.
    const cents = by_method.reduce((a, r) => a + Math.round(r.amount * 100), 0);
    const perPage = page.limit;
    return {
      data: rows.rows.map((r) => ({ ...r, amount: Number(r.amount), rest_to_pay: Number(r.rest_to_pay) })),
      total: count,
      page: page.page,
      per_page: perPage,
      last_page: perPage ? Math.max(1, Math.ceil(count / perPage)) : 1,
      totals: { count, amount: cents / 100, by_method },
      currency: settings.currency,
      time_zone: zone,
    };
  }
}
