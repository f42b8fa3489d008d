import { Inject, Injectable } from '@nestjs/common';
import type { Invoice, InvoiceLine, InvoiceParty } from '@tabour/contracts';
import { Db, notFound } from '@tabour/platform';
import { DB } from '../common/tokens';

/** The business's invoices and credit notes, from the register (only its own: another's id is a 404). */
@Injectable()
export class InvoiceQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  private async credits(ids: string[]) {
    if (!ids.length) return new Map<string, Invoice['credit_notes']>();
    const rows = await this.db
      .selectFrom('invoices')
      .select(['id', 'number', 'issued_at', 'total', 'credits_invoice_id'])
      .where('credits_invoice_id', 'in', ids)
      .orderBy('seq')
      .execute();
    const out = new Map<string, Invoice['credit_notes']>();
    for (const r of rows) {
      const list = out.get(r.credits_invoice_id!) ?? [];
      list.push({ id: r.id, number: r.number, issued_at: r.issued_at.toISOString(), total: r.total });
      out.set(r.credits_invoice_id!, list);
    }
    return out;
  }

  private shape(r: Awaited<ReturnType<InvoiceQueries['rows']>>[number], credits: Invoice['credit_notes']): Invoice {
    return {
      id: r.id,
      kind: r.kind,
      number: r.number,
      issued_at: r.issued_at.toISOString(),
      status: r.status,
      currency: r.currency,
      seller: r.seller as InvoiceParty,
      buyer: r.buyer as InvoiceParty,
      lines: r.lines as InvoiceLine[],
      coupon: r.coupon as Invoice['coupon'],
      subtotal: r.subtotal,
      vat_rate: Number(r.vat_rate),
      vat: r.vat,
      total: r.total,
      reverse_charge: r.reverse_charge,
      payment_reference: r.payment_reference,
      credits_invoice_id: r.credits_invoice_id,
      credit_notes: credits,
    };
  }

  private rows(tenantId: string, opts: { id?: string; limit?: number | null; offset?: number } = {}) {
    let q = this.db.selectFrom('invoices').selectAll().where('tenant_id', '=', tenantId);
    if (opts.id) q = q.where('id', '=', opts.id);
    q = q.orderBy('issued_at', 'desc').orderBy('seq', 'desc');
    if (opts.limit) q = q.limit(opts.limit).offset(opts.offset ?? 0);
    return q.execute();
  }

  async list(tenantId: string, limit: number | null, offset: number): Promise<{ rows: Invoice[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.rows(tenantId, { limit, offset }),
      this.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
    ]);
    const credits = await this.credits(rows.map((r) => r.id));
    return { rows: rows.map((r) => this.shape(r, credits.get(r.id) ?? [])), total: Number(total.n) };
  }

  async one(tenantId: string, id: string): Promise<Invoice> {
    const [row] = await this.rows(tenantId, { id });
    if (!row) throw notFound('No such invoice');
    const credits = await this.credits([row.id]);
    return this.shape(row, credits.get(row.id) ?? []);
  }

  /** An invoice by its number, for the operator (refunds from the command line). */
  async byNumber(number: string): Promise<Invoice & { tenant_id: string }> {
    const row = await this.db.selectFrom('invoices').selectAll().where('number', '=', number).executeTakeFirst();
    if (!row) throw notFound('No such invoice');
    const credits = await this.credits([row.id]);
    return { ...this.shape(row, credits.get(row.id) ?? []), tenant_id: row.tenant_id };
  }
}
