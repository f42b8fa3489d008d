import { AT, base, callNext, DAY, history, M2, push, run, settings, setup, spec } from '../test-support';

describe('tickets', () => {
  it('numbers per day from the start number, and restarts on a new day', () => {
    const { state } = run([...setup, push('t1'), push('t2'), push('t3', {}, '2026-11-23')]);
    expect(['t1', 't2', 't3'].map((id) => state.tickets.get(id)!.label)).toEqual(['A1', 'A2', 'A1']);
  });
  it('keeps the booking a check-in pushed, and a second push of that ticket changes nothing', () => {
    const { state } = run([...setup, push('t1', { booking_id: 'b1' })]);
    expect(state.tickets.get('t1')!.booking_id).toBe('b1');
    spec
      .given(history([push('t1', { booking_id: 'b1' })]))
      .when(push('t1', { booking_id: 'b1' }))
      .thenNothingHappens();
  });
  it('gives random numbers unique within the day', () => {
    const { state } = run([{ ...base, type: 'CreateQueue', settings: { ...settings, number_type: 'random' } }, push('t1'), push('t2'), push('t3')]);
    const numbers = [...state.tickets.values()].map((t) => t.number);
    expect(new Set(numbers).size).toBe(3);
  });
  it('calls urgent tickets first, then by rank', () => {
    spec
      .given(history([push('t1'), push('t2', { urgent: true })]))
      .when(callNext())
      .then([expect.objectContaining({ type: 'TicketCalled', data: expect.objectContaining({ ticket_id: 't2', from_rank: 2 }) })]);
  });
  it('respects the requested member and the counter services', () => {
    spec
      .given(history([push('t1', { member_id: M2 }), push('t2')]))
      .when(callNext())
      .then((events) => expect(events[0].data).toEqual(expect.objectContaining({ ticket_id: 't2' })));
  });
  it('ends the current ticket when the counter calls the next', () => {
    spec
      .given(history([push('t1'), push('t2'), callNext()]))
      .when(callNext())
      .then((events) => expect(events.map((e) => e.type)).toEqual(['TicketEnded', 'TicketCalled']));
  });
  it('refuses a call from a member who does not hold the counter', () => {
    spec
      .given(history([push('t1')]))
      .when(callNext(M2))
      .thenRefuses({ code: 'counter_held', status: 409 });
  });
  it('refuses a call on a paused queue', () => {
    spec
      .given(history([push('t1'), { ...base, type: 'PauseQueue' }]))
      .when(callNext())
      .thenRefuses({ code: 'queue_paused', status: 409 });
  });
  it('moves a ticket from its old rank to the new one', () => {
    spec
      .given(history([push('t1'), push('t2'), push('t3')]))
      .when({ ...base, type: 'MoveTicket', ticket_id: 't3', from_rank: 3, to_rank: 1 })
      .then((_, state) => expect(state.waiting).toEqual(['t3', 't1', 't2']));
  });
  it('refuses a move from a rank the ticket no longer has', () => {
    spec
      .given(history([push('t1'), push('t2')]))
      .when({ ...base, type: 'MoveTicket', ticket_id: 't2', from_rank: 1, to_rank: 2 })
      .thenRefuses({ code: 'stale_rank', status: 409 });
  });
  it('swaps two waiting tickets and pushes one back to the end', () => {
    const g = spec.given(history([push('t1'), push('t2'), push('t3')]));
    g.when({ ...base, type: 'SwapTickets', ticket_1: 't1', ticket_2: 't3' }).then((_, state) => expect(state.waiting).toEqual(['t3', 't2', 't1']));
    g.when({ ...base, type: 'PushBack', ticket_id: 't1' }).then((_, state) => expect(state.waiting).toEqual(['t2', 't3', 't1']));
  });
  it('holds and recalls a ticket to the head of the list', () => {
    const before = history([push('t1'), push('t2')]);
    const held = spec
      .given(before)
      .when({ ...base, type: 'HoldTicket', ticket_id: 't2' })
      .then((_, state) => expect(state.tickets.get('t2')!.status).toBe('on_hold'));
    spec
      .given([...before, ...held.events])
      .when({ ...base, type: 'RecallTicket', ticket_id: 't2' })
      .then((_, state) => expect(state.waiting).toEqual(['t2', 't1']));
  });
  it.each(['MarkNoShow', 'MarkAbsent'] as const)('%s archives the ticket and closes the rank gap', (type) => {
    spec
      .given(history([push('t1'), push('t2'), push('t3')]))
      .when({ ...base, type, ticket_id: 't2', at: AT, day: DAY })
      .then((events, state) => {
        expect(events[0].data).toEqual(expect.objectContaining({ ticket_id: 't2', from_rank: 2 }));
        expect(state.waiting).toEqual(['t1', 't3']);
      });
  });
  it('refuses a service time not above the estimate', () => {
    const g = spec.given(history([push('t1'), callNext()]));
    g.when({ ...base, type: 'ChangeServiceTime', ticket_id: 't1', service_seconds: 60, at: AT, day: DAY }).thenRefuses({
      code: 'invalid_state',
      message: 'New Service Time must be higher than the estimated time to spend',
    });
    g.when({ ...base, type: 'ChangeServiceTime', ticket_id: 't1', service_seconds: 3600, at: AT, day: DAY }).then((events) => expect(events).toHaveLength(1));
  });
  it('closes only tickets of an earlier day at day end', () => {
    spec
      .given(history([push('old1', {}, '2026-11-21'), push('old2', {}, '2026-11-21'), push('today')]))
      .when({ ...base, type: 'CloseDay', at: AT, day: DAY })
      .then((events, state) => {
        expect(events.map((e) => e.data)).toEqual([
          expect.objectContaining({ ticket_id: 'old2', from_rank: 2 }),
          expect.objectContaining({ ticket_id: 'old1', from_rank: 1 }),
        ]);
        expect(state.waiting).toEqual(['today']);
      });
  });
  it('keeps the number on a redirect into a queue where it is free', () => {
    const src = run([...setup, push('t1')]).state;
    spec
      .given(history())
      .when({ ...base, type: 'RedirectIn', ticket: src.tickets.get('t1')!, from_queue_id: 'other', keep_number: true, random: 0.1, at: AT, day: '2026-11-23' })
      .then((events) => expect(events[0].data).toEqual(expect.objectContaining({ from_queue_id: 'other' })));
  });
});
