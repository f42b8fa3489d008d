import { actorOfEvent, describe as describeEvent, recordOf, redact, wantedIds, type LogEvent, type Names } from './describe';

const names = { devices: new Map([['k1', 'Entrance']]) } as unknown as Names;
const event = (actor: LogEvent['actor']): LogEvent => ({
  position: 1,
  stream_id: 'queue-q',
  category: 'queue',
  event_type: 'TicketPushed',
  data: {},
  actor,
  recorded_at: new Date(),
});

describe('the activity log', () => {
  it('names who acted and through what: staff, a device by its name, the ticket link, an SMS reply, the system and why', () => {
    expect(actorOfEvent(event({ type: 'user', id: 'u', name: 'Amira Admin' }), names)).toEqual({ kind: 'staff', id: 'u', name: 'Amira Admin', via: null });
    expect(actorOfEvent(event({ type: 'kiosk', id: 'k1' }), names)).toMatchObject({ kind: 'kiosk', name: 'Entrance' });
    expect(actorOfEvent(event({ type: 'customer_link', id: 'uid-secret' }), names)).toEqual({ kind: 'customer_link', id: null, name: null, via: null });
    expect(actorOfEvent(event({ type: 'customer_link', id: 'm', name: 'SMS' }), names)).toMatchObject({ kind: 'sms', via: 'SMS' });
    expect(actorOfEvent(event({ type: 'system', name: 'day end' }), names)).toEqual({ kind: 'system', id: null, name: null, via: 'day end' });
  });

  it("finds a ticket inside its queue's stream, a counter, and a stream's own record", () => {
    expect(recordOf({ stream_id: 'queue-q', category: 'queue', event_type: 'TicketCalled', data: { ticket_id: 't', counter_id: 'c' } })).toEqual({
      kind: 'ticket',
      id: 't',
    });
    expect(recordOf({ stream_id: 'queue-q', category: 'queue', event_type: 'TicketPushed', data: { ticket: { id: 't2' } } })).toEqual({
      kind: 'ticket',
      id: 't2',
    });
    expect(recordOf({ stream_id: 'queue-q', category: 'queue', event_type: 'CounterOpened', data: { counter_id: 'c' } })).toEqual({ kind: 'counter', id: 'c' });
    expect(recordOf({ stream_id: 'booking-b', category: 'booking', event_type: 'BookingCreated', data: {} })).toEqual({ kind: 'booking', id: 'b' });
    expect(recordOf({ stream_id: 'rules-r', category: 'rules', event_type: 'RuleCreated', data: {} })).toEqual({ kind: 'other', id: 'r' });
  });

  it("leaves personal keys out of a customer-facing event, at any depth, and keeps a queue's and counter's names", () => {
    expect(redact('queue', { ticket: { id: 't', customer_name: 'Nour', label: 'A1' }, name: 'Desk 1' })).toEqual({
      ticket: { id: 't', label: 'A1' },
      name: 'Desk 1',
    });
    expect(redact('booking', { changes: { phone_number: '+216', remarks: 'x', duration: 30 } })).toEqual({ changes: { duration: 30 } });
    expect(redact('customer', { customer_id: 'c', personal: { first_name: 'A' }, category: 'VIP' })).toEqual({ customer_id: 'c', category: 'VIP' });
    expect(redact('department', { name: 'Dental' })).toEqual({ name: 'Dental' });
  });

  it("words the account's events by sentences of their own, naming the login by its team member and the package chosen", () => {
    const all: Names = {
      zone: 'Africa/Tunis',
      tickets: new Map(),
      queues: new Map(),
      counters: new Map(),
      customers: new Map(),
      bookings: new Map(),
      departments: new Map(),
      services: new Map(),
      members: new Map([['u1', 'Sami Agent']]),
      devices: new Map(),
      resources: new Map(),
      personal: true,
    };
    const account = (event_type: string, stream_id: string, data: Record<string, unknown>): LogEvent => ({
      position: 2,
      stream_id,
      category: stream_id.split('-')[0],
      event_type,
      data,
      actor: { type: 'user', id: 'owner', name: 'Amira Admin' },
      recorded_at: new Date(),
    });
    const password = account('UserPasswordChanged', 'user-u1', { user_id: 'u1', business_id: 'b', credential_id: 'c', reason: 'changed' });
    const ids = wantedIds([{ ...password, stream_id: 'user-00000000-0000-4000-8000-000000000001' }]);
    expect([...ids.members]).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(describeEvent(password, all, 'none').sentence).toEqual({
      key: 'UserPasswordChanged',
      params: expect.objectContaining({ actor: 'Amira Admin', record: 'Sami Agent' }),
    });
    const created = account('UserCreated', 'user-u2', { user_id: 'u2', first_name: 'Lina', last_name: 'New', email: 'lina@example.test' });
    expect(describeEvent(created, all, 'none').sentence.params.record).toBe('Lina New');
    const pkg = describeEvent(account('MembershipPackageChanged', 'account-b', { business_id: 'b', package: 'LIBERPRO', plan: 'monthly' }), all, 'none');
    expect(pkg.sentence).toEqual({ key: 'MembershipPackageChanged', params: expect.objectContaining({ package: 'LIBERPRO' }) });
    for (const type of ['UserProfileUpdated', 'PasswordResetRequested', 'MembershipTrialStarted', 'AccountSettingsUpdated'])
      expect(describeEvent(account(type, 'account-b', {}), all, 'none').sentence.key).toBe(type);
    // A category by its name, its new one when renamed; the payment settings by their own sentence.
    expect(describeEvent(account('CategoryCreated', 'category-c', { category_id: 'c', name: 'Mutuelle' }), all, 'none').sentence).toEqual({
      key: 'CategoryCreated',
      params: expect.objectContaining({ actor: 'Amira Admin', record: 'Mutuelle' }),
    });
    expect(
      describeEvent(account('CategoryUpdated', 'category-c', { category_id: 'c', changes: { name: 'Assurance' } }), all, 'none').sentence.params.record,
    ).toBe('Assurance');
    expect(describeEvent(account('PaymentSettingsUpdated', 'paymentsettings-b', { changes: { currency: 'TND' } }), all, 'none').sentence.key).toBe(
      'PaymentSettingsUpdated',
    );
  });
});
