import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A fresh 256-bit data key for one subject (a customer, a ticket, a booking, a request). */
export const newDataKey = (): Buffer => randomBytes(32);

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit nonce; the subject's id is the associated data, so a sealed
 * value copied into another subject's event does not open. Output: v1.<nonce>.<ciphertext>.<tag>
 * in base64url. Every sealed value in the log has this form: it must never change.
 */
export function seal(value: unknown, key: Buffer, subjectId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subjectId, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The value sealed by `seal`, or null when the key is gone or does not fit. */
export function open<T = unknown>(sealed: string, key: Buffer | null, subjectId: string): T | null {
  if (!key) return null;
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(subjectId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
