import { newDataKey, open, openEvent, seal, sealEvent } from './crypto';

const C1 = '33333333-3333-4333-8333-333333333333';
const C2 = '44444444-4444-4444-8444-444444444444';

describe('sealing personal data', () => {
  it('opens with the customer key, and only for that customer', () => {
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

  it('turns an event into its stored form and back; without the key the personal part is null', () => {
    const key = newDataKey();
    const event = { type: 'CustomerUpdated', data: { customer_id: C1, business_id: 'b', changes: { category: 'VIP' }, personal: { email: 'x@example.test' } } };
    const stored = sealEvent(event, key);
    expect(JSON.stringify(stored)).not.toContain('x@example.test');
    expect(stored.data).toMatchObject({ changes: { category: 'VIP' }, pii: expect.stringMatching(/^v1\./) });
    expect(openEvent(stored, key)).toEqual(event);
    expect(openEvent(stored, null)).toEqual({ ...event, data: { ...event.data, personal: null } });
    const plain = { type: 'CustomerCategoryChanged', data: { customer_id: C1, category: 'VIP' } };
    expect(sealEvent(plain, key)).toEqual(plain);
    expect(openEvent(plain, null)).toEqual(plain);
  });
});
