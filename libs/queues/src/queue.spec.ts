import fc from 'fast-check';
import { DomainError } from '@tabour/platform';
import { DEFAULT_SETTINGS, QueueSettings } from './settings';
import { NewTicket, QueueCommand, queueDecider, QueueEvent, queueInvariantErrors, QueueState } from './queue';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const Q = '33333333-3333-4333-8333-333333333333';
const C1 = 'c1';
const C2 = 'c2';
const M1 = 'm1';
const M2 = 'm2';
const AT = '2026-11-22T09:00:00.000Z';
const DAY = '2026-11-22';
const base = { queue_id: Q, business_id: B };
const settings: QueueSettings = { ...DEFAULT_SETTINGS, name: 'Reception', ticket_prefix: 'A' };

function given(history: QueueEvent[]) {
  const state = history.reduce(queueDecider.evolve, queueDecider.initialState());
  return {
    state,
    when(command: QueueCommand) {
      try {
        const events = queueDecider.decide(command, state);
        return { events, error: null as DomainError | null, state: events.reduce(queueDecider.evolve, state) };
      } catch (e) {
        if (e instanceof DomainError) return { events: null, error: e, state };
        throw e;
      }
    },
  };
}

/** Applies commands one after another, refusing the test on any refusal. */
function run(commands: QueueCommand[]): { state: QueueState; events: QueueEvent[] } {
  let state = queueDecider.initialState();
  const all: QueueEvent[] = [];
  for (const c of commands) {
    const events = queueDecider.decide(c, state);
    state = events.reduce(queueDecider.evolve, state);
    all.push(...events);
  }
  return { state, events: all };
}

const ticket = (id: string, extra: Partial<NewTicket> = {}): NewTicket => ({ ticket_id: id, uid: `uid-${id}`, service_ids: [], member_id: null, customer_id: null, customer_name: 'Walk-in', urgent: false, ...extra });
const push = (id: string, extra: Partial<NewTicket> = {}, day = DAY): QueueCommand => ({ ...base, type: 'PushTicket', ticket: ticket(id, extra), random: 0.5, at: AT, day });
const setup: QueueCommand[] = [
  { ...base, type: 'CreateQueue', settings },
  { ...base, type: 'CreateCounter', counter_id: C1, name: 'Desk 1', break_minutes: 0, service_ids: [] },
  { ...base, type: 'CreateCounter', counter_id: C2, name: 'Desk 2', break_minutes: 0, service_ids: ['svc-x'] },
  { ...base, type: 'OpenCounter', counter_id: C1, member_id: M1 },
];
const history = (extra: QueueCommand[] = []) => run([...setup, ...extra]).events;

describe('queue settings', () => {
  it('creates a queue with checked settings', () => {
    const { events } = given([]).when({ ...base, type: 'CreateQueue', settings: { ...settings, ticket_prefix: 'b ' } });
    expect(events).toEqual([{ type: 'QueueCreated', data: { ...base, settings: { ...settings, ticket_prefix: 'B' } } }]);
  });
  it('refuses an empty name with a field message', () => {
    expect(given([]).when({ ...base, type: 'CreateQueue', settings: { ...settings, name: ' ' } }).error?.errors).toEqual({ name: ['The name is required'] });
  });
  it('answers another business like a missing queue', () => {
    expect(given(history()).when({ ...base, business_id: OTHER, type: 'PauseQueue' }).error?.status).toBe(404);
  });
  it('will not delete a queue with live tickets', () => {
    expect(given(history([push('t1')])).when({ ...base, type: 'DeleteQueue' }).error?.status).toBe(409);
  });
});

describe('counters', () => {
  it('refuses to open an open counter', () => {
    expect(given(history()).when({ ...base, type: 'OpenCounter', counter_id: C1, member_id: M2 }).error?.message).toBe('Cannot open counter');
  });
  it('refuses a second open counter for the same member', () => {
    expect(given(history()).when({ ...base, type: 'OpenCounter', counter_id: C2, member_id: M1 }).error?.message).toBe('Cannot open counter');
  });
  it('closing a counter in service sends its ticket back to the head of the waiting list', () => {
    const g = given(history([push('t1'), push('t2'), { ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY }]));
    const r = g.when({ ...base, type: 'CloseCounter', counter_id: C1 });
    expect(r.events!.map((e) => e.type)).toEqual(['TicketReturnedToWaiting', 'CounterClosed']);
    expect(r.state.waiting).toEqual(['t1', 't2']);
    expect(queueInvariantErrors(r.state)).toEqual([]);
  });
});

describe('tickets', () => {
  it('numbers per day from the start number, and restarts on a new day', () => {
    const { state } = run([...setup, push('t1'), push('t2'), push('t3', {}, '2026-11-23')]);
    expect(['t1', 't2', 't3'].map((id) => state.tickets.get(id)!.label)).toEqual(['A1', 'A2', 'A1']);
  });
  it('gives random numbers unique within the day', () => {
    const { state } = run([{ ...base, type: 'CreateQueue', settings: { ...settings, number_type: 'random' } }, push('t1'), push('t2'), push('t3')]);
    const numbers = [...state.tickets.values()].map((t) => t.number);
    expect(new Set(numbers).size).toBe(3);
  });
  it('calls urgent tickets first, then by rank', () => {
    const r = given(history([push('t1'), push('t2', { urgent: true })])).when({ ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY });
    expect(r.events).toEqual([expect.objectContaining({ type: 'TicketCalled', data: expect.objectContaining({ ticket_id: 't2', from_rank: 2 }) })]);
  });
  it('respects the requested member and the counter services', () => {
    const r = given(history([push('t1', { member_id: M2 }), push('t2')])).when({ ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY });
    expect(r.events?.[0].data).toEqual(expect.objectContaining({ ticket_id: 't2' }));
  });
  it('ends the current ticket when the counter calls the next', () => {
    const r = given(history([push('t1'), push('t2'), { ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY }])).when({ ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY });
    expect(r.events!.map((e) => e.type)).toEqual(['TicketEnded', 'TicketCalled']);
  });
  it('refuses a call from a member who does not hold the counter', () => {
    expect(given(history([push('t1')])).when({ ...base, type: 'CallNext', counter_id: C1, member_id: M2, at: AT, day: DAY }).error?.status).toBe(409);
  });
  it('refuses a call on a paused queue', () => {
    expect(given(history([push('t1'), { ...base, type: 'PauseQueue' }])).when({ ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY }).error?.status).toBe(409);
  });
  it('moves a ticket from its old rank to the new one', () => {
    const r = given(history([push('t1'), push('t2'), push('t3')])).when({ ...base, type: 'MoveTicket', ticket_id: 't3', from_rank: 3, to_rank: 1 });
    expect(r.state.waiting).toEqual(['t3', 't1', 't2']);
  });
  it('refuses a move from a rank the ticket no longer has', () => {
    expect(given(history([push('t1'), push('t2')])).when({ ...base, type: 'MoveTicket', ticket_id: 't2', from_rank: 1, to_rank: 2 }).error?.status).toBe(409);
  });
  it('swaps two waiting tickets and pushes one back to the end', () => {
    const g = given(history([push('t1'), push('t2'), push('t3')]));
    expect(g.when({ ...base, type: 'SwapTickets', ticket_1: 't1', ticket_2: 't3' }).state.waiting).toEqual(['t3', 't2', 't1']);
    expect(g.when({ ...base, type: 'PushBack', ticket_id: 't1' }).state.waiting).toEqual(['t2', 't3', 't1']);
  });
  it('holds and recalls a ticket to the head of the list', () => {
    const held = given(history([push('t1'), push('t2')])).when({ ...base, type: 'HoldTicket', ticket_id: 't2' });
    expect(held.state.tickets.get('t2')!.status).toBe('on_hold');
    const recalled = given([...history([push('t1'), push('t2')]), ...held.events!]).when({ ...base, type: 'RecallTicket', ticket_id: 't2' });
    expect(recalled.state.waiting).toEqual(['t2', 't1']);
  });
  it.each(['MarkNoShow', 'MarkAbsent'] as const)('%s archives the ticket and closes the rank gap', (type) => {
    const r = given(history([push('t1'), push('t2'), push('t3')])).when({ ...base, type, ticket_id: 't2', at: AT, day: DAY });
    expect(r.events?.[0].data).toEqual(expect.objectContaining({ ticket_id: 't2', from_rank: 2 }));
    expect(r.state.waiting).toEqual(['t1', 't3']);
  });
  it('refuses a service time not above the estimate', () => {
    const g = given(history([push('t1'), { ...base, type: 'CallNext', counter_id: C1, member_id: M1, at: AT, day: DAY }]));
    expect(g.when({ ...base, type: 'ChangeServiceTime', ticket_id: 't1', service_seconds: 60, at: AT, day: DAY }).error?.message).toBe('New Service Time must be higher than the estimated time to spend');
    expect(g.when({ ...base, type: 'ChangeServiceTime', ticket_id: 't1', service_seconds: 3600, at: AT, day: DAY }).events).toHaveLength(1);
  });
  it('closes only tickets of an earlier day at day end', () => {
    const r = given(history([push('old1', {}, '2026-11-21'), push('old2', {}, '2026-11-21'), push('today')])).when({ ...base, type: 'CloseDay', at: AT, day: DAY });
    expect(r.events!.map((e) => e.data)).toEqual([expect.objectContaining({ ticket_id: 'old2', from_rank: 2 }), expect.objectContaining({ ticket_id: 'old1', from_rank: 1 })]);
    expect(r.state.waiting).toEqual(['today']);
  });
  it('keeps the number on a redirect into a queue where it is free', () => {
    const src = run([...setup, push('t1')]).state;
    const r = given(history()).when({ ...base, queue_id: Q, type: 'RedirectIn', ticket: src.tickets.get('t1')!, from_queue_id: 'other', keep_number: true, random: 0.1, at: AT, day: '2026-11-23' });
    expect(r.events?.[0].data).toEqual(expect.objectContaining({ from_queue_id: 'other' }));
  });
});

describe('any sequence of commands', () => {
  const ids = ['t1', 't2', 't3', 't4', 't5'];
  const counters = [C1, C2];
  const members = [M1, M2];
  const cmd: fc.Arbitrary<QueueCommand> = fc.oneof(
    fc.record({ id: fc.constantFrom(...ids), urgent: fc.boolean(), member: fc.option(fc.constantFrom(...members)), svc: fc.boolean() }).map(({ id, urgent, member, svc }) => push(`${id}-${Math.random().toString(36).slice(2, 6)}`, { urgent, member_id: member, service_ids: svc ? ['svc-x'] : [] })),
    fc.record({ c: fc.constantFrom(...counters), m: fc.constantFrom(...members) }).map(({ c, m }) => ({ ...base, type: 'CallNext' as const, counter_id: c, member_id: m, at: AT, day: DAY })),
    fc.record({ c: fc.constantFrom(...counters), m: fc.constantFrom(...members) }).map(({ c, m }) => ({ ...base, type: 'OpenCounter' as const, counter_id: c, member_id: m })),
    fc.constantFrom(...counters).map((c) => ({ ...base, type: 'CloseCounter' as const, counter_id: c })),
    fc.record({ t: fc.nat(6), kind: fc.constantFrom('EndTicket', 'MarkNoShow', 'MarkAbsent', 'PushBack', 'HoldTicket', 'RecallTicket') }).map(({ t, kind }) => ({ ...base, type: kind, ticket_id: `#${t}`, at: AT, day: DAY }) as QueueCommand),
    fc.record({ a: fc.nat(6), b: fc.nat(6) }).map(({ a, b }) => ({ ...base, type: 'SwapTickets' as const, ticket_1: `#${a}`, ticket_2: `#${b}` })),
    fc.record({ a: fc.nat(6), to: fc.integer({ min: 1, max: 7 }) }).map(({ a, to }) => ({ ...base, type: 'MoveTicket' as const, ticket_id: `#${a}`, from_rank: -1, to_rank: to })),
  );

  /** `#n` names the n-th live ticket at the moment the command runs, so commands hit real tickets. */
  function resolve(c: QueueCommand, s: QueueState): QueueCommand {
    const live = [...s.tickets.keys()];
    const pick = (v: string) => (v.startsWith('#') ? (live[Number(v.slice(1)) % Math.max(1, live.length)] ?? 'none') : v);
    const out = { ...c } as Record<string, unknown>;
    for (const k of ['ticket_id', 'ticket_1', 'ticket_2']) if (typeof out[k] === 'string') out[k] = pick(out[k] as string);
    if (c.type === 'MoveTicket') out.from_rank = s.waiting.indexOf(out.ticket_id as string) + 1;
    return out as QueueCommand;
  }

  it('keeps every ticket in one place, one ticket per counter and ranks 1..n', () => {
    fc.assert(
      fc.property(fc.array(cmd, { maxLength: 60 }), (commands) => {
        let state = run(setup).state;
        let total = 0;
        let archived = 0;
        for (const raw of commands) {
          const c = resolve(raw, state);
          let events: QueueEvent[] = [];
          try {
            events = queueDecider.decide(c, state);
          } catch (e) {
            if (!(e instanceof DomainError)) throw e;
          }
          state = events.reduce(queueDecider.evolve, state);
          total += events.filter((e) => e.type === 'TicketPushed').length;
          archived += events.filter((e) => ['TicketEnded', 'TicketMarkedNoShow', 'TicketMarkedAbsent', 'TicketRevoked'].includes(e.type)).length;
          expect(queueInvariantErrors(state)).toEqual([]);
          // No ticket is lost: every ticket pushed is live or archived.
          expect(state.tickets.size + archived).toBe(total);
        }
      }),
      { numRuns: 300 },
    );
  });
});
