import { DEFAULT_NOTIFICATION_SETTINGS, DEFAULT_SMS_SETTINGS, MESSAGE_STATUSES, type MessageStatus, type NotificationSettings } from '@tabour/contracts';
import fc from 'fast-check';
import {
  advanceStatus,
  BOOKING_MESSAGE_TYPES,
  channelsFor,
  fromSendgridEvent,
  fromTwilioStatus,
  isBookingMessage,
  isFinalStatus,
  MESSAGE_TYPES,
  QUEUE_MESSAGE_TYPES,
  TEMPLATE_PLACEHOLDERS,
  type Recipient,
} from './message-types';

const everyone: Recipient = { phone: '+21620123456', email: 'amira@example.com', push: true, sms_opted_out: false };

describe('message types', () => {
  it('split into booking and queue messages, each type in exactly one', () => {
    expect([...BOOKING_MESSAGE_TYPES, ...QUEUE_MESSAGE_TYPES].sort()).toEqual([...MESSAGE_TYPES].sort());
    expect(BOOKING_MESSAGE_TYPES).toHaveLength(6);
    expect(MESSAGE_TYPES.filter(isBookingMessage)).toEqual(BOOKING_MESSAGE_TYPES);
  });

  it('all name the business and the customer, booking messages their time, queue messages their ticket', () => {
    for (const type of MESSAGE_TYPES) {
      expect(TEMPLATE_PLACEHOLDERS[type]).toEqual(expect.arrayContaining(['name', 'business']));
      expect(TEMPLATE_PLACEHOLDERS[type]).toContain(isBookingMessage(type) ? 'booking_time' : 'ticket_number');
    }
  });

  it('the settings defaults give a toggle for every type and enable only known types for SMS', () => {
    expect(Object.keys({ ...DEFAULT_NOTIFICATION_SETTINGS.booking, ...DEFAULT_NOTIFICATION_SETTINGS.queue }).sort()).toEqual([...MESSAGE_TYPES].sort());
    for (const type of DEFAULT_SMS_SETTINGS.enabled_types) expect(MESSAGE_TYPES).toContain(type);
  });
});

describe('channelsFor', () => {
  const settings = DEFAULT_NOTIFICATION_SETTINGS;
  const sms = { ...DEFAULT_SMS_SETTINGS, enabled_types: [...MESSAGE_TYPES] };

  it('sends on every channel the customer can be reached on', () => {
    expect(channelsFor('QUEUE_CALL_NEXT', settings, sms, everyone)).toEqual(['sms', 'email', 'push']);
    expect(channelsFor('QUEUE_CALL_NEXT', settings, sms, { ...everyone, email: null, push: false })).toEqual(['sms']);
    expect(channelsFor('QUEUE_CALL_NEXT', settings, sms, { phone: null, email: null, push: false, sms_opted_out: false })).toEqual([]);
  });

  it('sends nothing of a type the business turned off', () => {
    const off: NotificationSettings = { ...settings, queue: { ...settings.queue, QUEUE_CALL_NEXT: false } };
    expect(channelsFor('QUEUE_CALL_NEXT', off, sms, everyone)).toEqual([]);
    const noReminders: NotificationSettings = { ...settings, booking: { ...settings.booking, BOOKING_REMINDER_24H: false } };
    expect(channelsFor('BOOKING_REMINDER_24H', noReminders, sms, everyone)).toEqual([]);
  });

  it('sends no SMS to a number that said STOP, of a type the SMS settings leave out, or with the channel off', () => {
    expect(channelsFor('QUEUE_CALL_NEXT', settings, sms, { ...everyone, sms_opted_out: true })).toEqual(['email', 'push']);
    expect(channelsFor('QUEUE_CALL_NEXT', settings, { ...sms, enabled_types: ['BOOKING_CREATED'] }, everyone)).toEqual(['email', 'push']);
    expect(channelsFor('QUEUE_CALL_NEXT', { ...settings, channels: { sms: false, email: true, push: false } }, sms, everyone)).toEqual(['email']);
  });
});

describe('advanceStatus', () => {
  it('moves forward through a message’s life', () => {
    expect(advanceStatus('queued', 'sending')).toBe('sending');
    expect(advanceStatus('sending', 'sent')).toBe('sent');
    expect(advanceStatus('sent', 'delivered')).toBe('delivered');
    expect(advanceStatus('sent', 'undelivered')).toBe('undelivered');
    expect(advanceStatus('queued', 'delivered')).toBe('delivered');
  });

  it('ignores a late or repeated report', () => {
    expect(advanceStatus('delivered', 'sent')).toBe('delivered');
    expect(advanceStatus('sent', 'sending')).toBe('sent');
    expect(advanceStatus('bounced', 'delivered')).toBe('bounced');
    expect(advanceStatus('delivered', 'delivered')).toBe('delivered');
  });

  it('whatever the order of the reports, never leaves a final status and never goes back', () => {
    const status = fc.constantFrom<MessageStatus>(...MESSAGE_STATUSES);
    fc.assert(
      fc.property(status, fc.array(status, { maxLength: 12 }), (start, reports) => {
        let current = start;
        for (const reported of reports) {
          const next = advanceStatus(current, reported);
          if (isFinalStatus(current)) expect(next).toBe(current);
          expect([current, reported]).toContain(next);
          // Applying the same report again changes nothing: duplicates are harmless.
          expect(advanceStatus(next, reported)).toBe(next);
          current = next;
        }
      }),
    );
  });
});

describe('provider statuses', () => {
  it.each([
    ['accepted', 'queued'],
    ['queued', 'queued'],
    ['sending', 'sending'],
    ['sent', 'sent'],
    ['delivered', 'delivered'],
    ['undelivered', 'undelivered'],
    ['failed', 'failed'],
    ['received', null],
  ])('Twilio %s → %s', (twilio, ours) => {
    expect(fromTwilioStatus(twilio)).toBe(ours);
  });

  it.each([
    ['processed', 'sent'],
    ['delivered', 'delivered'],
    ['bounce', 'bounced'],
    ['dropped', 'failed'],
    ['deferred', null],
    ['open', null],
    ['click', null],
  ])('SendGrid %s → %s', (event, ours) => {
    expect(fromSendgridEvent(event)).toBe(ours);
  });
});
