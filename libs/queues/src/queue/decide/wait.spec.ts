import { callPosition } from '../../estimate';
import { callNext, push, run, setup } from '../test-support';
import { callPositionIn, serviceTime, waitEstimate } from './wait';

/** The call order as call next takes it: each call's ticket, one after the other, from one open counter that serves everyone. */
function calledInOrder(pushes: Parameters<typeof push>[]): string[] {
  const commands = [...setup, ...pushes.map((p) => push(...p))];
  const called: string[] = [];
  for (let i = 0; i < pushes.length; i++) {
    const { events } = run([...commands, ...Array.from({ length: i + 1 }, () => callNext())]);
    const last = events.filter((e) => e.type === 'TicketCalled').pop()!;
    called.push((last.data as { ticket_id: string }).ticket_id);
  }
  return called;
}

describe('the call order the waiting list shows', () => {
  const pushes: Parameters<typeof push>[] = [['t1'], ['t2'], ['t3', { urgent: true }], ['t4'], ['t5', { urgent: true }]];

  it('gives each waiting ticket the place in which call next takes it', () => {
    const { state } = run([...setup, ...pushes.map((p) => push(...p))]);
    const positions = state.waiting.map((id, i) => [id, callPositionIn(state, i + 1, state.tickets.get(id)!.urgent)]);
    const byPosition = [...positions].sort((a, b) => Number(a[1]) - Number(b[1])).map(([id]) => id);
    expect(byPosition).toEqual(calledInOrder(pushes));
    expect(Object.fromEntries(positions)).toEqual({ t3: 1, t5: 2, t1: 3, t2: 4, t4: 5 });
  });

  it('estimates an urgent ticket from the urgent ones before it, not from its rank', () => {
    const { state } = run([...setup, ...pushes.map((p) => push(...p))]);
    // One counter open, no delay: each customer called before costs one visit.
    const per = serviceTime(state, []);
    expect(per).toBeGreaterThan(0);
    expect(waitEstimate(state, 3, [], true)).toBe(0);
    expect(waitEstimate(state, 5, [], true)).toBe(per);
    // Two urgent tickets behind t1 are called before it.
    expect(waitEstimate(state, 1, [], false)).toBe(2 * per);
  });

  it('places a ticket not yet listed where it will be called', () => {
    const { state } = run([...setup, ...pushes.map((p) => push(...p))]);
    expect(callPositionIn(state, 6, true)).toBe(3);
    expect(callPositionIn(state, 6, false)).toBe(6);
  });

  it('counts the urgent tickets ahead from either end of a long list as a walk from the head does', () => {
    // Urgent tickets spread unevenly (none, a few, then many), so both sides of the list are counted.
    const flags = Array.from({ length: 61 }, (_, i) => (i < 10 ? false : i < 30 ? i % 7 === 0 : i % 3 !== 0));
    const { state } = run([...setup, ...flags.map((urgent, i) => push(`t${i}`, { urgent }))]);
    expect(state.urgent_waiting).toBe(flags.filter(Boolean).length);
    for (let rank = 1; rank <= state.waiting.length + 1; rank++)
      for (const urgent of [false, true]) {
        const ahead = state.waiting.slice(0, rank - 1).filter((id) => state.tickets.get(id)!.urgent).length;
        const listed = rank <= state.waiting.length;
        const walked = callPosition({ rank, urgent, urgent_ahead: ahead, urgent_waiting: state.urgent_waiting + (!listed && urgent ? 1 : 0) });
        expect(callPositionIn(state, rank, urgent)).toBe(walked);
      }
    const calm = run([...setup, ...flags.map((_, i) => push(`c${i}`))]).state;
    expect(callPositionIn(calm, 40, false)).toBe(40);
  });
});
