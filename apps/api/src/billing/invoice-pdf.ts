import PDFDocument from 'pdfkit';
import type { Invoice, InvoiceParty } from '@tabour/contracts';
import { DateTime } from 'luxon';

/** An amount in minor units as the invoice prints it: 1234.50 EUR. */
export function money(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

const partyLines = (p: InvoiceParty): string[] =>
  [p.name, p.address, p.country, p.vat_number ? `VAT number: ${p.vat_number}` : null, p.email].filter((x): x is string => !!x);

/**
 * The invoice or credit note as a PDF (A4, the standard Helvetica font, which prints the euro
 * sign): seller and buyer, number and date, lines, coupon, subtotal, VAT and total, and the
 * reverse-charge mention where the buyer accounts for the VAT. Written in English, the
 * operator's invoicing language; the date is the business's day.
 */
export function invoicePdf(invoice: Invoice, timeZone: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${invoice.number}`, Author: invoice.seller.name },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const cur = invoice.currency;
    const left = 50;
    const right = 545;
    const title = invoice.kind === 'invoice' ? 'INVOICE' : 'CREDIT NOTE';

    doc.font('Helvetica-Bold').fontSize(20).text(title, left, 50);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Number: ${invoice.number}`, 350, 55, { width: right - 350, align: 'right' });
    doc.text(`Date: ${DateTime.fromISO(invoice.issued_at).setZone(timeZone).toISODate()}`, 350, 70, { width: right - 350, align: 'right' });
    doc.text(`Status: ${invoice.status.replace('_', ' ')}`, 350, 85, { width: right - 350, align: 'right' });

    doc.font('Helvetica-Bold').text('Seller', left, 120);
    doc.font('Helvetica').text(partyLines(invoice.seller).join('\n'), left, 135, { width: 230 });
    doc.font('Helvetica-Bold').text('Billed to', 315, 120);
    doc.font('Helvetica').text(partyLines(invoice.buyer).join('\n'), 315, 135, { width: 230 });

    let y = 230;
    doc.font('Helvetica-Bold');
    doc.text('Description', left, y, { width: 330 });
    doc.text('Qty', 385, y, { width: 30, align: 'right' });
    doc.text('Amount', 425, y, { width: right - 425, align: 'right' });
    y += 16;
    doc.moveTo(left, y).lineTo(right, y).stroke();
    y += 6;
    doc.font('Helvetica');
    for (const line of invoice.lines) {
      const h = doc.heightOfString(line.description, { width: 330 });
      doc.text(line.description, left, y, { width: 330 });
      doc.text(String(line.quantity), 385, y, { width: 30, align: 'right' });
      doc.text(money(line.amount, cur), 425, y, { width: right - 425, align: 'right' });
      y += Math.max(h, 12) + 8;
    }
    doc.moveTo(left, y).lineTo(right, y).stroke();
    y += 10;

    const total = (label: string, value: string, bold = false) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, 300, y, { width: 160 });
      doc.text(value, 425, y, { width: right - 425, align: 'right' });
      y += 16;
    };
    if (invoice.coupon) total(`Coupon ${invoice.coupon.code}`, money(-invoice.coupon.discount, cur));
    total('Subtotal', money(invoice.subtotal, cur));
    total(`VAT ${invoice.vat_rate}%`, money(invoice.vat, cur));
    total('Total', money(invoice.total, cur), true);

    y += 14;
    doc.font('Helvetica').fontSize(9);
    if (invoice.reverse_charge) {
      doc.text('Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).', left, y, { width: right - left });
      y += 24;
    }
    if (invoice.kind === 'credit_note' && invoice.credits_invoice_id) {
      doc.text('This credit note refunds the invoice named in its line.', left, y, { width: right - left });
      y += 14;
    }
    const ref = invoice.payment_reference;
    if (ref?.startsWith('test_')) doc.text(`TEST PAYMENT through the local test provider (${ref}): no money was taken.`, left, y, { width: right - left });
    else if (ref && !ref.startsWith('none_')) doc.text(`Paid by card, payment reference ${ref}.`, left, y, { width: right - left });
    doc.end();
  });
}
