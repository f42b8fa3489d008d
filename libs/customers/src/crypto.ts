import { open, seal } from '@tabour/privacy';

/*
 * A customer's personal part is sealed whole with the customer's own key (`customer_keys`),
 * the customer id as associated data (docs/privacy.md).
 */

/** A customer event's data, as far as sealing reads it. */
type CustomerData = { customer_id: string; personal?: unknown; pii?: unknown } & Record<string, unknown>;

/** The stored form of an event: `personal` replaced by `pii`, its sealed copy. */
export function sealEvent(event: { type: string; data: object }, key: Buffer): { type: string; data: Record<string, unknown> } {
  const data = event.data as CustomerData;
  if (!('personal' in data)) return { ...event, data };
  const { personal, ...rest } = data;
  return { type: event.type, data: { ...rest, pii: personal == null ? null : seal(personal, key, data.customer_id) } };
}

/** The decider's form of a stored event: `pii` opened into `personal` (null once erased). */
export function openEvent<E>(stored: { type: string; data: unknown }, key: Buffer | null): E {
  const data = (stored.data ?? {}) as CustomerData;
  if (!('pii' in data)) return { type: stored.type, data } as E;
  const { pii, ...rest } = data;
  return { type: stored.type, data: { ...rest, personal: typeof pii === 'string' ? open(pii, key, data.customer_id) : null } } as E;
}
