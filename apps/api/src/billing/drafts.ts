import type { ChosenPackage } from '@tabour/accounts';
import type { InvoiceDraft } from '@tabour/billing';
import type { Invoice, InvoiceLine, InvoiceParty, Plan } from '@tabour/contracts';
import { DateTime } from 'luxon';
import type { Buyer } from './parties';

/** The invoices' and credit notes' drafts, as the membership's events carry them (docs/billing.md). */

/** The business's local day of an instant, as an invoice line names its period. */
export function localDay(at: string | Date, zone: string): string {
  return DateTime.fromJSDate(new Date(at)).setZone(zone).toISODate() ?? '';
}

/** The amounts and references a draft carries as the issued invoice will (the contract's fields). */
type DraftAmounts = Pick<Invoice, 'currency' | 'lines' | 'coupon' | 'subtotal' | 'vat_rate' | 'vat' | 'total' | 'reverse_charge' | 'payment_reference'> &
  Partial<Pick<Invoice, 'credits_invoice_id'>>;

export interface DraftArgs extends DraftAmounts {
  id: string;
  kind: 'invoice' | 'credit_note';
  now: Date;
  buyer: Buyer;
}

export function draftInvoice(seller: InvoiceParty, args: DraftArgs): InvoiceDraft {
  return {
    id: args.id,
    kind: args.kind,
    issued_at: args.now.toISOString(),
    currency: args.currency,
    seller,
    buyer: args.buyer.party,
    lines: args.lines,
    coupon: args.coupon,
    subtotal: args.subtotal,
    vat_rate: args.vat_rate,
    vat: args.vat,
    total: args.total,
    reverse_charge: args.reverse_charge,
    payment_reference: args.payment_reference,
    credits_invoice_id: args.credits_invoice_id ?? null,
  };
}

/** A line for a package's period. */
export function periodLine(name: string, pkg: ChosenPackage, plan: Plan, from: string, to: string, amount: number, zone: string): InvoiceLine {
  return {
    description: `${name} package, ${plan === 'monthly' ? 'monthly' : 'yearly'} plan, ${localDay(from, zone)} to ${localDay(to, zone)}`,
    package: pkg,
    plan,
    period_starts_at: from,
    period_ends_at: to,
    quantity: 1,
    unit_amount: amount,
    amount,
  };
}
