import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { MembershipEvent } from '../membership';
import '../tables';

/** The seller's calendar, in which an invoice's year (and so its number series) is counted. */
export const INVOICE_TIME_ZONE = 'Europe/Paris';

export const invoiceNumber = (kind: 'invoice' | 'credit_note', year: number, seq: number) =>
  `${kind === 'invoice' ? 'INV' : 'CN'}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * The invoice register. Each invoice takes the next number of its kind and year from its
 * counter row, in the transaction that appends it: the row stays locked until that commit, so
 * concurrent purchases queue there, and a purchase that rolls back gives its number back.
 * The register declares no tables: a rebuild never renumbers issued invoices, and an invoice
 * already registered is skipped.
 */
export const invoicesProjection: InlineProjection<MembershipEvent, Database> = {
  name: 'billing.invoices',
  handles: ['InvoiceIssued'],
  async apply(db, events) {
    for (const e of events) {
      if (e.type !== 'InvoiceIssued') continue;
      const inv = e.data.invoice;
      const known = await db.selectFrom('invoices').select('id').where('id', '=', inv.id).executeTakeFirst();
      if (known) continue;
      const year = DateTime.fromISO(inv.issued_at, { zone: INVOICE_TIME_ZONE }).year;
      const counter = await db
        .insertInto('invoice_counters')
        .values({ kind: inv.kind, year, last: 1 })
        .onConflict((oc) => oc.columns(['kind', 'year']).doUpdateSet({ last: sql<number>`invoice_counters.last + 1` }))
        .returning('last')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('invoices')
        .values({
          id: inv.id,
          tenant_id: e.data.business_id,
          kind: inv.kind,
          year,
          seq: counter.last,
          number: invoiceNumber(inv.kind, year, counter.last),
          issued_at: inv.issued_at,
          currency: inv.currency,
          seller: JSON.stringify(inv.seller),
          buyer: JSON.stringify(inv.buyer),
          lines: JSON.stringify(inv.lines),
          coupon: JSON.stringify(inv.coupon),
          subtotal: inv.subtotal,
          vat_rate: inv.vat_rate,
          vat: inv.vat,
          total: inv.total,
          reverse_charge: inv.reverse_charge,
          payment_reference: inv.payment_reference,
          credits_invoice_id: inv.credits_invoice_id,
        })
        .execute();
      if (inv.kind === 'credit_note' && inv.credits_invoice_id) {
        await db
          .updateTable('invoices')
          .set({
            refunded: sql<number>`refunded - ${inv.total}::integer`,
            status: sql<'refunded'>`CASE WHEN refunded - ${inv.total}::integer >= total THEN 'refunded' ELSE 'partially_refunded' END`,
          })
          .where('id', '=', inv.credits_invoice_id)
          .execute();
      }
    }
  },
};
