import { specification } from '@tabour/eventstore/testing';
import { ApprovedTicket, QueueRequestCommand, queueRequestDecider, QueueRequestEvent, QueueRequestInput, phoneE164 } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const Q = '33333333-3333-4333-8333-333333333333';
const Q2 = '44444444-4444-4444-8444-444444444444';
const R = '55555555-5555-4555-8555-555555555555';
const S1 = '66666666-6666-4666-8666-666666666666';
const M1 = '77777777-7777-4777-8777-777777777777';
const T1 = '88888888-8888-4888-8888-888888888888';
const UID = 'request-uid-0123456789';
const ids = { request_id: R, business_id: B, queue_id: Q };
const eventIds = { ...ids, uid: UID };

const spec = specification(queueRequestDecider);

const submit = (input: QueueRequestInput = {}, country: string | null = 'TN'): QueueRequestCommand => ({
  ...ids,
  type: 'SubmitQueueRequest',
  uid: UID,
  country,
  input: { name: ' Amira Ben Salah ', phone: '20 123 456', service_ids: [S1.toUpperCase()], note: ' first visit ', ...input },
});
const submitted: QueueRequestEvent = {
  type: 'QueueRequestSubmitted',
  data: { ...eventIds, name: 'Amira Ben Salah', phone: '+21620123456', service_ids: [S1], member_id: null, note: 'first visit' },
};
const ticket: ApprovedTicket = { ticket_id: T1, ticket_uid: 'ticket-uid-0123456789', label: 'A1', customer_id: null };
const approved: QueueRequestEvent = { type: 'QueueRequestApproved', data: { ...eventIds, ...ticket } };
const declined: QueueRequestEvent = { type: 'QueueRequestDeclined', data: { ...eventIds, reason: null } };
const deleted: QueueRequestEvent = { type: 'QueueRequestDeleted', data: eventIds };
const approve: QueueRequestCommand = { ...ids, type: 'ApproveQueueRequest', ticket };
const decline = (reason: string | null = null): QueueRequestCommand => ({ ...ids, type: 'DeclineQueueRequest', reason });
const update = (changes: QueueRequestInput): QueueRequestCommand => ({ ...ids, type: 'UpdateQueueRequest', country: 'TN', changes });

describe('queue request: submit', () => {
  it('records the request with a trimmed name and note, the phone in E.164 read with the business country, services in lower case', () => {
    spec.given([]).when(submit()).then([submitted]);
  });

  it('reads a phone with its own country code whatever the business country', () => {
    spec
      .given([])
      .when(submit({ phone: '+33 6 12 34 56 78' }, 'TN'))
      .then((events) => expect(events[0].data).toMatchObject({ phone: '+33612345678' }));
    spec
      .given([])
      .when(submit({ phone: '+216 20 123 456' }, null))
      .then((events) => expect(events[0].data).toMatchObject({ phone: '+21620123456' }));
  });

  it('refuses a missing name and an invalid phone, each under its field', () => {
    const refused = spec
      .given([])
      .when(submit({ name: '  ', phone: '12' }))
      .thenRefuses({ code: 'validation_failed', status: 422 });
    expect(Object.keys(refused.errors!).sort()).toEqual(['name', 'phone']);
  });

  it('refuses a national number when the business has no country to read it with', () => {
    expect(spec.given([]).when(submit({}, null)).thenRefuses('validation_failed').errors).toEqual({ phone: ['Enter a valid phone number'] });
  });

  it('refuses an overlong note and too many services', () => {
    const many = Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const refused = spec
      .given([])
      .when(submit({ note: 'x'.repeat(1001), service_ids: many }))
      .thenRefuses('validation_failed');
    expect(Object.keys(refused.errors!).sort()).toEqual(['note', 'service_ids']);
  });

  it("refuses control characters in the name and the note, and keeps a note's line breaks", () => {
    expect(
      Object.keys(
        spec
          .given([])
          .when(submit({ name: 'A\u0000B', note: 'x\u0000' }))
          .thenRefuses('validation_failed').errors!,
      ).sort(),
    ).toEqual(['name', 'note']);
    spec
      .given([])
      .when(submit({ note: 'Line one\nLine two\tend' }))
      .then((events) => expect(events[0].data).toMatchObject({ note: 'Line one\nLine two\tend' }));
  });

  it('records nothing for a request already submitted', () => {
    spec.given([submitted]).when(submit()).thenNothingHappens();
  });
});

describe('queue request: update', () => {
  it('records only what changed while pending', () => {
    spec
      .given([submitted])
      .when(update({ name: 'Amira Ben Salah', phone: '+216 20 123 457', member_id: M1.toUpperCase() }))
      .then([{ type: 'QueueRequestUpdated', data: { ...eventIds, changes: { phone: '+21620123457', member_id: M1 } } }]);
  });

  it('records nothing when nothing changed', () => {
    spec
      .given([submitted])
      .when(update({ name: 'Amira Ben Salah', note: 'first visit' }))
      .thenNothingHappens();
  });

  it('refuses an invalid phone', () => {
    expect(
      spec
        .given([submitted])
        .when(update({ phone: 'call me' }))
        .thenRefuses('validation_failed').errors,
    ).toEqual({ phone: ['Enter a valid phone number'] });
  });

  it.each([
    ['approved', approved],
    ['declined', declined],
  ])('refuses changes once %s (409)', (_, decided) => {
    spec
      .given([submitted, decided])
      .when(update({ name: 'Someone else' }))
      .thenRefuses({ code: 'request_not_pending', status: 409 });
  });
});

describe('queue request: approve', () => {
  it('records the ticket the approval pushed', () => {
    spec.given([submitted]).when(approve).then([approved]);
  });

  it('refuses a second approval, so a request never gives two tickets (409)', () => {
    spec.given([submitted, approved]).when(approve).thenRefuses({ code: 'request_approved', status: 409 });
  });

  it('refuses to approve a declined request (409)', () => {
    spec.given([submitted, declined]).when(approve).thenRefuses({ code: 'request_declined', status: 409 });
  });
});

describe('queue request: decline', () => {
  it('records the decline with its trimmed reason', () => {
    spec
      .given([submitted])
      .when(decline('  Fully booked today '))
      .then([{ type: 'QueueRequestDeclined', data: { ...eventIds, reason: 'Fully booked today' } }]);
  });

  it('records nothing for a request already declined', () => {
    spec.given([submitted, declined]).when(decline('again')).thenNothingHappens();
  });

  it('refuses to decline an approved request: its ticket is already in the queue (409)', () => {
    spec.given([submitted, approved]).when(decline()).thenRefuses({ code: 'request_approved', status: 409 });
  });

  it('refuses an overlong reason and one with control characters (422)', () => {
    expect(
      spec
        .given([submitted])
        .when(decline('x'.repeat(501)))
        .thenRefuses({ code: 'validation_failed', status: 422 }).errors,
    ).toHaveProperty('reason');
    expect(spec.given([submitted]).when(decline('no\u0000')).thenRefuses({ code: 'validation_failed', status: 422 }).errors).toEqual({
      reason: ['Enter a valid reason'],
    });
  });
});

describe('queue request: delete', () => {
  it.each([
    ['pending', [submitted]],
    ['approved', [submitted, approved]],
    ['declined', [submitted, declined]],
  ])('deletes the request when it is %s', (_, history) => {
    spec
      .given(history as QueueRequestEvent[])
      .when({ ...ids, type: 'DeleteQueueRequest' })
      .then([deleted]);
  });
});

describe('queue request: what cannot be reached', () => {
  const commands: [string, QueueRequestCommand][] = [
    ['update', update({ name: 'X' })],
    ['approve', approve],
    ['decline', decline()],
    ['delete', { ...ids, type: 'DeleteQueueRequest' }],
  ];

  it.each(commands)('%s of a missing request answers 404', (_, command) => {
    spec.given([]).when(command).thenRefuses({ code: 'not_found', status: 404 });
  });

  it.each(commands)('%s of a deleted request answers 404', (_, command) => {
    spec.given([submitted, deleted]).when(command).thenRefuses({ code: 'not_found', status: 404 });
  });

  it.each(commands)('%s from another business answers 404, like a missing request', (_, command) => {
    spec
      .given([submitted])
      .when({ ...command, business_id: OTHER })
      .thenRefuses({ code: 'not_found', status: 404 });
  });

  it.each(commands)('%s through another queue answers 404', (_, command) => {
    spec
      .given([submitted])
      .when({ ...command, queue_id: Q2 })
      .thenRefuses({ code: 'not_found', status: 404 });
  });
});

describe('phone numbers', () => {
  it('normalises any typed format of one number to the same E.164', () => {
    expect(['20123456', '20 123 456', '+216 20 123 456', '00216 20-123-456'].map((p) => phoneE164(p, 'TN'))).toEqual(Array(4).fill('+21620123456'));
  });

  it('gives null for text that is no phone number', () => {
    expect(['', 'abc', '1', '+'.padEnd(60, '1')].map((p) => phoneE164(p, 'TN'))).toEqual([null, null, null, null]);
  });
});
