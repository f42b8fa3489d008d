import type { RecordedEvent } from '@tabour/eventstore';
import type { Db } from '@tabour/platform';
import { queuePersonalData } from '@tabour/queues';
import { bookingPersonalData } from '@tabour/bookings';
import { customerKeys, openEvent } from '@tabour/customers';
import { anyOf, openRecorded } from '@tabour/privacy';
import type { EventRow } from './activity-query';

/** Roles that may read customers (docs/product.md#roles-and-permissions): they alone see names, phones, notes and feedback text. */
export const PERSONAL_ROLES = new Set(['ADMIN', 'MANAGER']);
/** The personal text of queue and booking events, opened in one read of their keys. */
const SEALED_TEXT = anyOf(queuePersonalData, bookingPersonalData);

/** An event's data as the log may read it: `sealed` when it carried personal text, `erased` when that text's key is gone. */
export interface OpenedData {
  data: Record<string, unknown>;
  sealed: boolean;
  erased: boolean;
}

/**
 * Each event's data opened with its subject's key (the context's open hook); an erased one reads
 * as erased. Customer events carry their own key per customer, the others go through the
 * privacy library's shared hook.
 */
export async function openRows(db: Db, tenantId: string, rows: EventRow[]): Promise<OpenedData[]> {
  const recorded = rows.map((r) => ({ type: r.event_type, data: r.data, tenantId, category: r.category }) as unknown as RecordedEvent);
  const opened = await openRecorded(db, SEALED_TEXT, recorded);
  const customerIds = [...new Set(rows.filter((r) => r.category === 'customer' && r.data && 'pii' in r.data).map((r) => String(r.data.customer_id)))];
  const keys = await customerKeys(db, tenantId, customerIds);
  return rows.map((r, i) => {
    const sealed = !!r.data && typeof r.data === 'object' && 'pii' in r.data;
    if (!sealed) return { data: r.data ?? {}, sealed: false, erased: false };
    if (r.category === 'customer') {
      const key = keys.get(String(r.data.customer_id)) ?? null;
      const e = openEvent<{ data: Record<string, unknown> }>(r as unknown as { type: string; data: unknown }, key);
      return { data: e.data, sealed, erased: e.data.personal === null && r.data.pii !== null };
    }
    const o = opened[i];
    return { data: o.event.data as Record<string, unknown>, sealed, erased: o.erased };
  });
}
