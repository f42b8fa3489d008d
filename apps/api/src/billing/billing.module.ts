import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { BILLING_PROJECTIONS } from '@tabour/billing';
import { PgEventStore } from '@tabour/eventstore';
import { AppConfig } from '@tabour/platform';
import { AccountsModule } from '../accounts/accounts.module';
import { PlanGate } from '../common/auth';
import { OrganisationModule } from '../organisation/organisation.module';
import { APP_CONFIG, EVENT_STORE } from '../common/tokens';
import { BillingController, MembershipController, PaymentController } from './billing.controller';
import { BillingCards } from './cards.service';
import { CardProvider } from './card-provider';
import { PackageCatalogue } from './catalogue';
import { CheckoutService } from './checkout.service';
import { BillingCommands } from './commands';
import { CouponsService } from './coupons';
import { InvoiceQueries } from './invoices';
import { MembershipSweep } from './membership-sweep';
import { BillingParties } from './parties';
import { MatrixPlanGate } from './plan-gate';
import { RefundsService } from './refunds';
import { MembershipRenewals } from './renewals';
import { StripeCardProvider, stripeClient } from './stripe-provider';
import { TestCardProvider } from './test-provider';
import { StripeWebhooks } from './webhooks';

/** Stripe when its keys are configured; otherwise the clearly marked local test provider (docs/billing.md). */
const cardProvider = (config: AppConfig): CardProvider => {
  const s = config.billing.stripe;
  return s ? new StripeCardProvider(stripeClient(s.secretKey, s.apiBase), s.publishableKey) : new TestCardProvider(config.production);
};

/** Billing: the package catalogue, memberships, coupons, VAT, invoices, cards and the plan gate's matrix. */
@Module({
  imports: [AccountsModule, OrganisationModule],
  controllers: [MembershipController, BillingController, PaymentController],
  providers: [
    BillingCommands,
    PackageCatalogue,
    CouponsService,
    InvoiceQueries,
    BillingParties,
    CheckoutService,
    MembershipRenewals,
    RefundsService,
    BillingCards,
    StripeWebhooks,
    MembershipSweep,
    MatrixPlanGate,
    { provide: PlanGate, useExisting: MatrixPlanGate },
    { provide: CardProvider, useFactory: cardProvider, inject: [APP_CONFIG] },
  ],
  exports: [PlanGate, PackageCatalogue, CouponsService, MembershipSweep, RefundsService],
})
export class BillingModule implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: PgEventStore) {}

  onModuleInit(): void {
    for (const projection of BILLING_PROJECTIONS) this.store.registerInlineProjection(projection);
  }
}
