import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A fresh 256-bit data key for one customer. */
export const newDataKey = (): Buffer => randomBytes(32);

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit nonce; the customer id is the associated data, so a sealed
 * value copied into another customer's event does not open. Output: v1.<nonce>.<ciphertext>.<tag>
 * in base64url.
 */
export function seal(value: unknown, key: Buffer, customerId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(customerId, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The value sealed by `seal`, or null when the key is gone or does not fit. */
export function open<T = unknown>(sealed: string, key: Buffer | null, customerId: string): T | null {
  if (!key) return null;
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(customerId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

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
