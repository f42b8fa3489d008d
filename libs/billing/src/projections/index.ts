import type { InlineProjection } from '@tabour/eventstore';
import { INVOICE_TIME_ZONE, invoiceNumber, invoicesProjection } from './invoices';
import { membershipsProjection } from './memberships';

export { INVOICE_TIME_ZONE, invoiceNumber, invoicesProjection, membershipsProjection };

/** Each reads nothing but its events, so any one can be rebuilt alone. */
export const BILLING_PROJECTIONS: readonly InlineProjection[] = [membershipsProjection, invoicesProjection];
