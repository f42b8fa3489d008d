import { queueInvariantErrors } from './invariants';
import { base, C1, C2, callNext, history, M1, M2, push, spec } from '../test-support';

describe('counters', () => {
  it('refuses to open an open counter', () => {
    spec
      .given(history())
      .when({ ...base, type: 'OpenCounter', counter_id: C1, member_id: M2 })
      .thenRefuses({ code: 'counter_already_open', message: 'Cannot open counter' });
  });
  it('refuses a second open counter for the same member', () => {
    spec
      .given(history())
      .when({ ...base, type: 'OpenCounter', counter_id: C2, member_id: M1 })
      .thenRefuses({ code: 'member_holds_counter', message: 'Cannot open counter' });
  });
  it('closing a counter in service sends its ticket back to the head of the waiting list', () => {
    spec
      .given(history([push('t1'), push('t2'), callNext()]))
      .when({ ...base, type: 'CloseCounter', counter_id: C1 })
      .then((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['TicketReturnedToWaiting', 'CounterClosed']);
        expect(state.waiting).toEqual(['t1', 't2']);
        expect(queueInvariantErrors(state)).toEqual([]);
      });
  });
});
