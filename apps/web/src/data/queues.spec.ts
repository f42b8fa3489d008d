import * as queues from './queues';

const calls: { path: string; method: string; body?: unknown }[] = [];
jest.mock('./http', () => ({
  api: async (path: string, options: { method?: string; body?: unknown } = {}) => {
    calls.push({ path, method: options.method ?? 'GET', ...(options.body === undefined ? {} : { body: options.body }) });
    return { data: [], total: 0, counter: null };
  },
}));

/** The one call a function made: its method, address and body. */
async function callOf(run: () => Promise<unknown>) {
  calls.length = 0;
  await run();
  expect(calls).toHaveLength(1);
  return calls[0];
}

describe('the queue screens’ calls', () => {
  it('read a queue, its lists and counters at the API’s addresses', async () => {
    expect(await callOf(() => queues.getWaitingList('q1'))).toEqual({ path: '/business/queue/q1/waitinglist', method: 'GET' });
    expect(await callOf(() => queues.getInService('q1'))).toEqual({ path: '/business/queue/q1/inservice', method: 'GET' });
    expect(await callOf(() => queues.getOnHold('q1'))).toEqual({ path: '/business/queue/q1/onhold', method: 'GET' });
    await expect(queues.getCounters('q1')).resolves.toEqual([]);
    expect(await callOf(() => queues.getMyCounter())).toEqual({ path: '/business/counter/mine', method: 'GET' });
    expect(await callOf(() => queues.getArchive('q1', { status: 'ended', pagination: 'off' }))).toEqual({
      path: '/business/queue/q1/archive',
      method: 'POST',
      body: { status: 'ended', pagination: 'off' },
    });
    expect(await callOf(() => queues.getNames('/business/team'))).toEqual({ path: '/business/team?pagination=off', method: 'GET' });
  });

  it('send the queue’s, the counters’ and the tickets’ actions with their bodies', async () => {
    expect(await callOf(() => queues.callNext('q1', 'c1'))).toEqual({ path: '/business/queue/q1/call', method: 'POST', body: { counter_id: 'c1' } });
    expect(await callOf(() => queues.delayQueue('q1', 1, 5))).toEqual({ path: '/business/queue/q1/delay', method: 'POST', body: { hours: 1, minutes: 5 } });
    expect(await callOf(() => queues.createCounter('q1', 'Desk'))).toEqual({
      path: '/business/queue/q1/counter/create',
      method: 'PUT',
      body: { name: 'Desk' },
    });
    expect(await callOf(() => queues.deleteCounter('q1', 'c1'))).toEqual({ path: '/business/queue/q1/counter/c1/delete', method: 'DELETE' });
    expect(await callOf(() => queues.moveTicket('q1', 't1', 3, 1))).toEqual({ path: '/business/queue/q1/move/t1/3/1', method: 'POST' });
    expect(await callOf(() => queues.redirectTicket('q1', 't1', 'q2', true))).toEqual({
      path: '/business/queue/q1/redirect/t1/q2',
      method: 'POST',
      body: { keep_number: true },
    });
    expect(await callOf(() => queues.addNote('q1', 't1', 'Wheelchair', null))).toEqual({
      path: '/business/queue/q1/ticket/t1/notes',
      method: 'POST',
      body: { note: 'Wheelchair', note_type_id: null },
    });
    expect(await callOf(() => queues.ticketAction('revoke', 'q1', 't1'))).toEqual({ path: '/business/queue/q1/revoke/t1', method: 'DELETE' });
    expect(await callOf(() => queues.ticketAction('push_back', 'q1', 't1'))).toEqual({ path: '/business/queue/q1/pushback/t1', method: 'POST' });
    expect(() => queues.ticketAction('note', 'q1', 't1')).toThrow('note takes a form');
  });
});

describe('a ticket action without a form', () => {
  it('calls the API path of each action', () => {
    expect(queues.simpleActionCall('revoke', 'q1', 't1')).toEqual({ method: 'DELETE', path: '/business/queue/q1/revoke/t1' });
    expect(queues.simpleActionCall('no_show', 'q1', 't1')).toEqual({ method: 'POST', path: '/business/queue/q1/noshow/t1' });
    expect(queues.simpleActionCall('push_back', 'q1', 't1')).toEqual({ method: 'POST', path: '/business/queue/q1/pushback/t1' });
    expect(queues.simpleActionCall('note', 'q1', 't1')).toBeNull();
  });
});
