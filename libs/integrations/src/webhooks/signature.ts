import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header that carries the signature (docs/integrations-webhooks.md, "Verifying a delivery"). */
export const SIGNATURE_HEADER = 'Tabour-Signature';
/** How far a receiver should let a delivery's timestamp stray from its own clock. */
export const REPLAY_WINDOW_SECONDS = 300;

/** A new signing secret: 32 random bytes, prefixed so that a leaked one is recognisable in a scan. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, with one `v1` per secret: while
 * a rotated secret is still honoured, the delivery is signed with both so that a receiver can
 * change its copy at leisure.
 */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${hmac(s, timestamp, body)}`)].join(',');
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'too_old' | 'mismatch' };

/**
 * The documented recipe a receiver runs: read `t` and every `v1`, refuse a timestamp more than
 * the window away from now, compute the HMAC over `t.body` (the raw bytes received) and compare
 * in constant time with each `v1`.
 */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  windowSeconds = REPLAY_WINDOW_SECONDS,
): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const given = parts.filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? '')).map(([, v]) => v);
  if (!Number.isInteger(t) || !given.length) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowSeconds - t) > windowSeconds) return { ok: false, reason: 'too_old' };
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return given.some((v) => timingSafeEqual(Buffer.from(v, 'hex'), expected)) ? { ok: true, timestamp: t } : { ok: false, reason: 'mismatch' };
}
