import { newDataKey, open, seal } from './crypto';

const C1 = '33333333-3333-4333-8333-333333333333';
const C2 = '44444444-4444-4444-8444-444444444444';

describe('sealing personal data', () => {
  it('opens with the subject’s key, and only for that subject', () => {
    const key = newDataKey();
    const sealed = seal({ first_name: 'Leïla' }, key, C1);
    // Neither the name nor its bytes appear (a two-letter probe would match random base64 now and then).
    expect(sealed).not.toContain('Leïla');
    for (const part of sealed.split('.').slice(1)) expect(Buffer.from(part, 'base64url').includes(Buffer.from('Leïla'))).toBe(false);
    expect(open(sealed, key, C1)).toEqual({ first_name: 'Leïla' });
    expect(open(sealed, key, C2)).toBeNull();
    expect(open(sealed, newDataKey(), C1)).toBeNull();
    expect(open(sealed, null, C1)).toBeNull();
  });

  it('notices a changed ciphertext', () => {
    const key = newDataKey();
    const parts = seal({ a: 1 }, key, C1).split('.');
    const body = Buffer.from(parts[2], 'base64url');
    body[0] ^= 1;
    parts[2] = body.toString('base64url');
    expect(open(parts.join('.'), key, C1)).toBeNull();
  });
});
