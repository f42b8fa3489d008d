import { createHmac } from 'node:crypto';
import { newWebhookSecret, signatureHeader, verifySignature } from './signature';

const secret = 'whsec_test';
const body = '{"id":"e1.0","type":"ticket.called"}';
const t = 1_790_000_000;

describe('webhook signatures', () => {
  it('signs t + "." + body with HMAC-SHA256 in hex, as the documented recipe computes it', () => {
    const header = signatureHeader([secret], t, body);
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
    expect(verifySignature(header, body, secret, t + 10)).toEqual({ ok: true, timestamp: t });
  });

  it('refuses another body, another secret, an old timestamp and a malformed header', () => {
    const header = signatureHeader([secret], t, body);
    expect(verifySignature(header, body.replace('called', 'served'), secret, t)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(header, body, 'whsec_other', t)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(header, body, secret, t + 301)).toEqual({ ok: false, reason: 'too_old' });
    expect(verifySignature(header, body, secret, t - 301)).toEqual({ ok: false, reason: 'too_old' });
    expect(verifySignature('v1=abc', body, secret, t)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifySignature(undefined, body, secret, t)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('signs with both secrets after a rotation, so either verifies', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], t, body);
    expect(header.split(',')).toHaveLength(3);
    expect(verifySignature(header, body, 'whsec_new', t).ok).toBe(true);
    expect(verifySignature(header, body, 'whsec_old', t).ok).toBe(true);
  });

  it('makes secrets of 32 random bytes, never twice the same', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
