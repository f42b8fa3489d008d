import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import type {
  BillingConfig,
  BillingDetails,
  BillingMembership,
  CardSession,
  CheckoutAnswer,
  CouponCheck,
  CouponView,
  Invoice,
  List,
  MembershipPeriod,
  PackageOffer,
  Page,
  Plan,
  Quote,
  SavedCard,
} from '@tabour/contracts';
import { AppConfig, Db, invalid, notFound, UserPrincipal } from '@tabour/platform';
import { MembershipService } from '../accounts/membership.service';
import { Clock } from '../accounts/clock';
import { actorOf } from '../common/actor';
import { CurrentUser, Public, Roles } from '../common/auth';
import { BodyTypes } from '../common/body-types';
import { IdPipe } from '../common/ids';
import { pageRequest, paged } from '../common/paging';
import { APP_CONFIG, DB } from '../common/tokens';
import { BillingCards } from './cards.service';
import { CheckoutService } from './checkout.service';
import { BillingParties } from './parties';
import { CardProvider } from './card-provider';
import { PackageCatalogue } from './catalogue';
import { CouponsService } from './coupons';
import { BillingDetailsDto, CardDto, CardSessionDto, CheckoutDto, MembershipUpdateDto, QuoteQuery, UpdateCardDto } from './dto';
import { invoicePdf } from './invoice-pdf';
import { InvoiceQueries } from './invoices';
import { TEST_CARDS } from './test-provider';
import { StripeWebhooks } from './webhooks';

/** The membership: what any staff member sees (the plan, the countdown), what the ADMIN buys and changes. */
@Controller('business')
export class MembershipController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly memberships: MembershipService,
    private readonly parties: BillingParties,
    private readonly checkout: CheckoutService,
    private readonly catalogue: PackageCatalogue,
    private readonly couponList: CouponsService,
    private readonly clock: Clock,
  ) {}

  /** The catalogue with the feature matrix, every price with the VAT of the business's country. */
  @Get('package')
  async packages(@CurrentUser() user: UserPrincipal): Promise<List<PackageOffer>> {
    const data = await this.catalogue.offers(await this.parties.vat(user.tenantId));
    return { data, total: data.length };
  }

  @Get('membership')
  membership(@CurrentUser() user: UserPrincipal): Promise<BillingMembership> {
    return this.memberships.view(user.tenantId);
  }

  /** What a purchase would cost now: the price, the coupon, the proration of the running period, VAT. */
  @Get('membership/quote')
  @Roles('ADMIN')
  async quote(@CurrentUser() user: UserPrincipal, @Query() q: QuoteQuery): Promise<Quote> {
    if (!q.package || !q.plan) throw invalid('Select a package and a plan', { package: ['Select a package and a plan'] });
    return (await this.checkout.price(user.tenantId, q.package, q.plan, q.coupon ?? null, this.clock.now())).quote;
  }

  /** The paid periods, newest first (purchases, renewals, changes) with their invoices. */
  @Get('membership/periods')
  @Roles('ADMIN')
  async periods(@CurrentUser() user: UserPrincipal): Promise<List<MembershipPeriod>> {
    const rows = await this.db.selectFrom('membership_periods').selectAll().where('tenant_id', '=', user.tenantId).orderBy('starts_at', 'desc').execute();
    const data = rows.map((r) => this.period(r));
    return { data, total: data.length };
  }

  @Get('membership/:id')
  @Roles('ADMIN')
  async one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string): Promise<MembershipPeriod> {
    const row = await this.db.selectFrom('membership_periods').selectAll().where('tenant_id', '=', user.tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return this.period(row);
  }

  private period(r: {
    id: string;
    kind: 'purchase' | 'renewal' | 'change';
    package: string;
    plan: string;
    starts_at: Date;
    ends_at: Date;
    invoice_id: string | null;
  }): MembershipPeriod {
    return {
      id: r.id,
      kind: r.kind,
      package: r.package as MembershipPeriod['package'],
      plan: r.plan as Plan,
      starts_at: r.starts_at.toISOString(),
      ends_at: r.ends_at.toISOString(),
      invoice_id: r.invoice_id,
    };
  }

  /** Buy, upgrade, schedule a cheaper package, or cancel at the period's end and take it back (`action`). */
  @Post('membership/update')
  @HttpCode(200)
  @Roles('ADMIN')
  update(@CurrentUser() user: UserPrincipal, @Body() body: MembershipUpdateDto): Promise<CheckoutAnswer> {
    if (body.action === 'cancel') return this.checkout.cancel(user.tenantId, actorOf(user));
    if (body.action === 'resume') return this.checkout.resume(user.tenantId, actorOf(user));
    return this.checkout.checkout(user.tenantId, body, actorOf(user));
  }

  /** The operator's coupons the business may use now (docs/billing.md says why these). */
  @Get('coupons')
  @Roles('ADMIN', 'MANAGER')
  async coupons(): Promise<List<CouponView>> {
    const data = await this.couponList.list({ now: this.clock.now(), available: true });
    return { data, total: data.length };
  }
}

/** Invoices, payment methods and billing details (ADMIN): who pays sees and changes them. */
@Controller('business/billing')
@Roles('ADMIN')
export class BillingController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly paymentMethods: BillingCards,
    private readonly checkout: CheckoutService,
    private readonly parties: BillingParties,
    private readonly invoices: InvoiceQueries,
    private readonly coupons: CouponsService,
    private readonly provider: CardProvider,
    private readonly clock: Clock,
  ) {}

  @Get()
  async list(@CurrentUser() user: UserPrincipal, @Query() q: Record<string, unknown>): Promise<Page<Invoice>> {
    const req = pageRequest(q);
    const { rows, total } = await this.invoices.list(user.tenantId, req.limit, req.offset);
    return paged(rows, total, req);
  }

  /** Which provider takes cards, and with the local test provider its test cards. */
  @Get('config')
  providerConfig(): BillingConfig {
    const test = this.provider.kind === 'test';
    return {
      provider: this.provider.kind,
      publishable_key: this.provider.publishableKey,
      test_cards: test && !this.config.production ? Object.entries(TEST_CARDS).map(([number, c]) => ({ number, outcome: c.outcome })) : null,
    };
  }

  @Get('details')
  details(@CurrentUser() user: UserPrincipal): Promise<BillingDetails> {
    return this.paymentMethods.details(user.tenantId);
  }

  @Post('details/update')
  @HttpCode(200)
  updateDetails(@CurrentUser() user: UserPrincipal, @Body() body: BillingDetailsDto): Promise<BillingDetails> {
    return this.paymentMethods.updateDetails(
      user.tenantId,
      { name: body.name, address: body.address ?? null, country: body.country ?? null, vat_number: body.vat_number ?? null, email: body.email ?? null },
      actorOf(user),
    );
  }

  @Get('payment-methods')
  async cards(@CurrentUser() user: UserPrincipal): Promise<List<SavedCard>> {
    const data = await this.paymentMethods.cards(user.tenantId);
    return { data, total: data.length };
  }

  /** Checks a coupon for the purchase popup; with a package and plan, what it makes of the price. */
  @Get('coupon/:id')
  @Roles('ADMIN', 'MANAGER')
  async coupon(@CurrentUser() user: UserPrincipal, @Param('id') code: string, @Query() q: QuoteQuery): Promise<CouponCheck> {
    const now = this.clock.now();
    const coupon = await this.coupons.check(code, user.tenantId, now, q.package ?? null);
    const quote = q.package && q.plan ? (await this.checkout.price(user.tenantId, q.package, q.plan, coupon.code, now)).quote : null;
    return { valid: true, coupon, quote };
  }

  /** Saves a card (billing create, the screen's "Add payment method": docs/product.md#invoices-and-payment-methods). */
  @Put('create')
  @HttpCode(201)
  addCard(@CurrentUser() user: UserPrincipal, @Body() body: CardDto): Promise<SavedCard> {
    return this.paymentMethods.addCard(user.tenantId, body, actorOf(user));
  }

  /**
   * With Stripe, its hosted card page for the business (`{ url }`): the card holder enters the
   * card there, and the webhook saves it. With the local test provider, 409 `card_test_form`.
   */
  @Post('card/session')
  @HttpCode(201)
  cardSession(@CurrentUser() user: UserPrincipal, @Body() body: CardSessionDto): Promise<CardSession> {
    return this.paymentMethods.cardSession(user.tenantId, body.return_to ?? 'billing');
  }

  /** Makes a card the default one, which renewals are charged to. */
  @Put(':id/update')
  async updateCard(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: UpdateCardDto): Promise<SavedCard> {
    if (body.is_default === false) throw invalid('Choose another card as the default instead', { is_default: ['Choose another card as the default instead'] });
    return this.paymentMethods.setDefaultCard(user.tenantId, id, actorOf(user));
  }

  @Delete(':id/delete')
  removeCard(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string): Promise<{ id: string }> {
    return this.paymentMethods.removeCard(user.tenantId, id, actorOf(user));
  }

  @Get(':id')
  invoice(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string): Promise<Invoice> {
    return this.invoices.one(user.tenantId, id);
  }

  @Get(':id/pdf')
  async pdf(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const invoice = await this.invoices.one(user.tenantId, id);
    const zone = (await this.parties.buyer(user.tenantId)).timeZone;
    const pdf = await invoicePdf(invoice, zone);
    res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${invoice.number}.pdf"` });
    return new StreamableFile(pdf);
  }
}

/** The card payment calls under /payment: the paymaster purchase existing clients make, and Stripe's webhook (docs/product.md#card-payment). */
@Controller('payment')
export class PaymentController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly webhooks: StripeWebhooks,
  ) {}

  /** Pays for a package (the membership popup): the same checkout as `POST /business/membership/update`. */
  @Post('paymaster/business')
  @HttpCode(200)
  @Roles('ADMIN')
  pay(@CurrentUser() user: UserPrincipal, @Body() body: CheckoutDto): Promise<CheckoutAnswer> {
    return this.checkout.checkout(user.tenantId, body, actorOf(user));
  }

  @Post('stripe/webhook')
  @Public()
  @BodyTypes('json')
  @HttpCode(200)
  webhook(@Req() req: Request) {
    const signature = req.headers['stripe-signature'];
    return this.webhooks.receive(req.body, typeof signature === 'string' ? signature : undefined);
  }
}
