import type { ActivityItem } from '@tabour/contracts';
import { actorText, localText, sentence } from './summary';

/** A catalogue of a few keys, interpolated as i18next does. */
const TEXTS: Record<string, string> = {
  'activity.events.TicketCalled': '{{actor}} called {{ticket}} to {{counter}}',
  'activity.events.BookingCreated': '{{actor}} booked {{customer}} for {{time}}',
  'activity.events.TicketReturnedToWaiting': 'Ticket {{ticket}} went back at rank {{rank}} ({{reason}})',
  'activity.events.generic': '{{actor}} recorded {{event}} on {{record}}',
  'activity.reasons.counter_closed': 'the counter closed',
  'activity.actor_named.kiosk': 'Kiosk {{name}}',
  'activity.actor_named.system': 'The system',
  'activity.actors.staff': 'Staff',
  'activity.someone': 'a customer',
  'activity.unnamed': 'a record',
  'activity.events.BookingUpdated': '{{actor}} changed the booking of {{customer}} on {{record}}',
  'activity.with_resources': '{{sentence}} (rooms and equipment: {{resources}})',
  'activity.resources_none': 'none',
};
const translate = (key: string, o: Record<string, unknown> = {}) =>
  (TEXTS[key] ?? (o._ as string) ?? key).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(o[k] ?? ''));

const item = (over: Partial<ActivityItem>): ActivityItem =>
  ({
    type: 'TicketCalled',
    actor: { kind: 'staff', id: 'u', name: 'Amira Admin', via: null },
    sentence: { key: 'TicketCalled', params: { actor: 'Amira Admin', record: 'A3', ticket: 'A3', counter: 'Desk 1' } },
    ...over,
  }) as ActivityItem;

describe('the activity sentence', () => {
  it('names the actor, the ticket and the counter', () => {
    expect(sentence(item({}), translate, 'en')).toBe('Amira Admin called A3 to Desk 1');
  });
  it('reads a hidden customer as "a customer" and a local time in the language', () => {
    const booked = item({
      type: 'BookingCreated',
      sentence: { key: 'BookingCreated', params: { actor: 'X', record: null, customer: null, time: '2026-12-01 09:30' } },
    });
    expect(sentence(booked, translate, 'en')).toBe('Amira Admin booked a customer for Dec 1, 2026, 9:30 AM');
  });
  it("follows a booking's sentence with its rooms and equipment, an emptied set read as none", () => {
    const made = item({
      type: 'BookingCreated',
      sentence: { key: 'BookingCreated', params: { actor: 'X', record: null, customer: 'Amira', time: '2026-12-01 09:30', resources: 'Room 1, Scanner' } },
    });
    expect(sentence(made, translate, 'en')).toBe('Amira Admin booked Amira for Dec 1, 2026, 9:30 AM (rooms and equipment: Room 1, Scanner)');
    const freed = item({ type: 'BookingUpdated', sentence: { key: 'BookingUpdated', params: { actor: 'X', record: 'Z', customer: 'Amira', resources: '' } } });
    expect(sentence(freed, translate, 'en')).toBe('Amira Admin changed the booking of Amira on Z (rooms and equipment: none)');
  });
  it('words reason codes, keeps unknown reasons as they are, and falls back to the generic sentence', () => {
    const back = item({
      type: 'TicketReturnedToWaiting',
      sentence: { key: 'TicketReturnedToWaiting', params: { actor: null, record: 'A1', ticket: 'A1', rank: 1, reason: 'counter_closed' } },
    });
    expect(sentence(back, translate, 'en')).toBe('Ticket A1 went back at rank 1 (the counter closed)');
    const other = item({
      type: 'RuleCreated',
      actor: { kind: 'system', id: null, name: null, via: 'rule' },
      sentence: { key: 'generic', params: { actor: null, record: null, event: 'RuleCreated' } },
    });
    expect(sentence(other, translate, 'en')).toBe('The system recorded RuleCreated on a record');
  });
  it('names devices and staff without a name', () => {
    expect(actorText(item({ actor: { kind: 'kiosk', id: 'k', name: 'Entrance', via: null } }), translate)).toBe('Kiosk Entrance');
    expect(actorText(item({ actor: { kind: 'staff', id: 'u', name: null, via: null } }), translate)).toBe('Staff');
  });
  it('leaves a text that is not a local time as it is', () => {
    expect(localText('soon', 'en')).toBe('soon');
    expect(localText(null, 'en')).toBeNull();
  });
});
