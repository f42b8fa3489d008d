import type { PublicEvent } from '@tabour/contracts';
import { deliveriesFor, recordKey } from './outbox';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const envelope = (business: string, type: string, ticket: string): PublicEvent =>
  ({
    id: `${ticket}-${type}.0`,
    type,
    version: 1,
    position: 7,
    cursor: '',
    occurred_at: '2026-11-24T08:00:00.000Z',
    business_id: business,
    record: { type: 'ticket', id: ticket },
    data: {},
  }) as unknown as PublicEvent;

describe('webhook deliveries', () => {
  const targets = [
    { id: 'w-a-called', tenant_id: A, event_types: ['ticket.called'] },
    { id: 'w-a-all', tenant_id: A, event_types: ['*'] },
    { id: 'w-b-all', tenant_id: B, event_types: ['*'] },
  ];

  it("records an event for its own business's webhooks that asked for its type, never another business's", () => {
    const rows = deliveriesFor([{ envelope: envelope(A, 'ticket.called', 't1'), eventId: 'e1' }], targets, 'event');
    expect(rows.map((r) => r.webhook_id).sort()).toEqual(['w-a-all', 'w-a-called']);
    expect(rows[0]).toMatchObject({ tenant_id: A, dedupe_key: 't1-ticket.called.0', record_key: 'ticket:t1', event_type: 'ticket.called', cause: 'event' });
    expect(JSON.parse(rows[0].body)).toMatchObject({ business_id: A, type: 'ticket.called' });
    expect(deliveriesFor([{ envelope: envelope(A, 'ticket.created', 't1'), eventId: 'e2' }], targets, 'event').map((r) => r.webhook_id)).toEqual(['w-a-all']);
  });

  it('makes a replay unique per request, so the same event can be replayed again', () => {
    const [first] = deliveriesFor([{ envelope: envelope(B, 'ticket.called', 't2'), eventId: 'e3' }], targets, 'replay', 'r1');
    const [second] = deliveriesFor([{ envelope: envelope(B, 'ticket.called', 't2'), eventId: 'e3' }], targets, 'replay', 'r2');
    expect(first.dedupe_key).not.toBe(second.dedupe_key);
    expect(recordKey(envelope(B, 'ticket.called', 't2'))).toBe('ticket:t2');
  });
});
