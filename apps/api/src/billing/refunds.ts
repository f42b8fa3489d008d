import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Invoice } from '@tabour/contracts';
import type { Actor } from '@tabour/eventstore';
import { invalid } from '@tabour/platform';
import { Clock } from '../accounts/clock';
import { CardProvider } from './card-provider';
import { BillingCommands } from './commands';
import { draftInvoice } from './drafts';
import { InvoiceQueries } from './invoices';
import { BillingParties } from './parties';

/** Refunds: the money back through the card provider, and a credit note (docs/billing.md). */
@Injectable()
export class RefundsService {
  constructor(
    private readonly commands: BillingCommands,
    private readonly invoices: InvoiceQueries,
    private readonly provider: CardProvider,
    private readonly clock: Clock,
    private readonly parties: BillingParties,
  ) {}

  /**
   * A refund of all or part of an invoice: the provider pays it back, and a credit note with
   * the VAT in the same proportion is issued (never an edit of the invoice).
   */
  async refund(number: string, amount: number | null, actor: Actor): Promise<Invoice> {
    return this.creditNote(number, amount, actor, null);
  }

  /** A refund the provider already paid (made in its dashboard, told by its webhook): only the credit note. */
  async refundRecorded(number: string, amount: number, providerRef: string): Promise<Invoice> {
    return this.creditNote(number, amount, { type: 'system', name: 'card provider refund' }, providerRef);
  }

  private async creditNote(number: string, amount: number | null, actor: Actor, providerRef: string | null): Promise<Invoice> {
    const invoice = await this.invoices.byNumber(number);
    if (invoice.kind !== 'invoice') throw invalid('Only an invoice is refunded', { number: ['Only an invoice is refunded'] }, 'invoice_not_refundable');
    const credited = invoice.credit_notes.reduce((s, c) => s - c.total, 0);
    const gross = amount ?? invoice.total - credited;
    if (!Number.isInteger(gross) || gross <= 0 || gross > invoice.total - credited) {
      throw invalid(
        'The refund is larger than what is left of the invoice',
        { amount: ['The refund is larger than what is left of the invoice'] },
        'invoice_not_refundable',
      );
    }
    const now = this.clock.now();
    const id = randomUUID();
    const key = `refund-${invoice.id}-${credited}-${gross}`;
    const ref =
      providerRef ??
      (invoice.payment_reference && !invoice.payment_reference.startsWith('none_')
        ? await this.provider.refund(invoice.payment_reference, gross, key)
        : `none_${id}`);
    const vat = invoice.total ? Math.round((invoice.vat * gross) / invoice.total) : 0;
    const buyer = await this.parties.buyer(invoice.tenant_id);
    await this.commands.run(
      {
        type: 'Refund',
        business_id: invoice.tenant_id,
        now,
        invoice_id: invoice.id,
        payment_ref: ref,
        credit_note: draftInvoice(this.parties.seller, {
          id,
          kind: 'credit_note',
          now,
          buyer: { ...buyer, party: invoice.buyer },
          currency: invoice.currency,
          lines: [
            {
              description: `Refund of invoice ${invoice.number}`,
              package: null,
              plan: null,
              period_starts_at: null,
              period_ends_at: null,
              quantity: 1,
              unit_amount: -(gross - vat),
              amount: -(gross - vat),
            },
          ],
          coupon: null,
          subtotal: -(gross - vat),
          vat_rate: invoice.vat_rate,
          vat: -vat,
          total: -gross,
          reverse_charge: invoice.reverse_charge,
          payment_reference: ref,
          credits_invoice_id: invoice.id,
        }),
      },
      actor,
    );
    return this.invoices.one(invoice.tenant_id, id);
  }
}
