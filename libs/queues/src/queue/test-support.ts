import { replay, specification } from '@tabour/eventstore/testing';
import { DEFAULT_SETTINGS, QueueSettings } from '../settings';
import type { NewTicket, QueueCommand } from './commands';
import { queueDecider } from './index';

/** The queue every decider spec starts from: two counters, the first open; tickets pushed on one day. */
export const B = '11111111-1111-4111-8111-111111111111';
export const OTHER = '22222222-2222-4222-8222-222222222222';
export const Q = '33333333-3333-4333-8333-333333333333';
export const C1 = 'c1';
export const C2 = 'c2';
export const M1 = 'm1';
export const M2 = 'm2';
export const AT = '2026-11-22T09:00:00.000Z';
export const DAY = '2026-11-22';
export const base = { queue_id: Q, business_id: B };
export const settings: QueueSettings = { ...DEFAULT_SETTINGS, name: 'Reception', ticket_prefix: 'A' };

export const spec = specification(queueDecider);
export const run = (commands: QueueCommand[]) => replay(queueDecider, commands);

const ticket = (id: string, extra: Partial<NewTicket> = {}): NewTicket => ({
  ticket_id: id,
  uid: `uid-${id}`,
  service_ids: [],
  member_id: null,
  customer_id: null,
  customer_name: 'Walk-in',
  urgent: false,
  ...extra,
});
export const push = (id: string, extra: Partial<NewTicket> = {}, day = DAY): QueueCommand => ({
  ...base,
  type: 'PushTicket',
  ticket: ticket(id, extra),
  random: 0.5,
  at: AT,
  day,
});
export const callNext = (member_id = M1, counter_id = C1): QueueCommand => ({ ...base, type: 'CallNext', counter_id, member_id, at: AT, day: DAY });

export const setup: QueueCommand[] = [
  { ...base, type: 'CreateQueue', settings },
  { ...base, type: 'CreateCounter', counter_id: C1, name: 'Desk 1', break_minutes: 0, service_ids: [] },
  { ...base, type: 'CreateCounter', counter_id: C2, name: 'Desk 2', break_minutes: 0, service_ids: ['svc-x'] },
  { ...base, type: 'OpenCounter', counter_id: C1, member_id: M1 },
];
/** The events of the setup followed by these commands: the history a spec is given. */
export const history = (extra: QueueCommand[] = []) => run([...setup, ...extra]).events;
