import fc from 'fast-check';
import { DomainError } from '@tabour/platform';
import type { QueueCommand } from '../commands';
import type { QueueEvent } from '../events';
import { queueDecider } from '..';
import { queueInvariantErrors } from './invariants';
import type { QueueState } from '../state';
import { AT, base, C1, C2, DAY, M1, M2, push, run, setup } from '../test-support';

describe('any sequence of commands', () => {
  const ids = ['t1', 't2', 't3', 't4', 't5'];
  const counters = [C1, C2];
  const members = [M1, M2];
  const cmd: fc.Arbitrary<QueueCommand> = fc.oneof(
    fc
      .record({ id: fc.constantFrom(...ids), urgent: fc.boolean(), member: fc.option(fc.constantFrom(...members)), svc: fc.boolean() })
      .map(({ id, urgent, member, svc }) =>
        push(`${id}-${Math.random().toString(36).slice(2, 6)}`, { urgent, member_id: member, service_ids: svc ? ['svc-x'] : [] }),
      ),
    fc
      .record({ c: fc.constantFrom(...counters), m: fc.constantFrom(...members) })
      .map(({ c, m }) => ({ ...base, type: 'CallNext' as const, counter_id: c, member_id: m, at: AT, day: DAY })),
    fc
      .record({ c: fc.constantFrom(...counters), m: fc.constantFrom(...members) })
      .map(({ c, m }) => ({ ...base, type: 'OpenCounter' as const, counter_id: c, member_id: m })),
    fc.constantFrom(...counters).map((c) => ({ ...base, type: 'CloseCounter' as const, counter_id: c })),
    fc
      .record({ t: fc.nat(6), kind: fc.constantFrom('EndTicket', 'MarkNoShow', 'MarkAbsent', 'PushBack', 'HoldTicket', 'RecallTicket') })
      .map(({ t, kind }) => ({ ...base, type: kind, ticket_id: `#${t}`, at: AT, day: DAY }) as QueueCommand),
    fc.record({ a: fc.nat(6), b: fc.nat(6) }).map(({ a, b }) => ({ ...base, type: 'SwapTickets' as const, ticket_1: `#${a}`, ticket_2: `#${b}` })),
    fc
      .record({ a: fc.nat(6), to: fc.integer({ min: 1, max: 7 }) })
      .map(({ a, to }) => ({ ...base, type: 'MoveTicket' as const, ticket_id: `#${a}`, from_rank: -1, to_rank: to })),
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
