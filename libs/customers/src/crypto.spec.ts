import { newDataKey } from '@tabour/privacy';
import { openEvent, sealEvent } from './crypto';

const C1 = '33333333-3333-4333-8333-333333333333';

describe('sealing customer events', () => {
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
