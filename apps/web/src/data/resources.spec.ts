import { listCall } from './resources';

describe("a queue's archive", () => {
  it('posts the page and the filters in the body, its queue in the address', () => {
    expect(listCall('queue-archive', { pagination: { page: 2, perPage: 25 }, sort: { field: 'archived_at', order: 'DESC' }, filter: { queue_id: 'q 1', status: 'ended', q: ' Ann ', from: '' } })).toEqual({
      method: 'POST',
      url: '/business/queue/q%201/archive',
      body: { status: 'ended', q: 'Ann', page: '2', per_page: '25' },
    });
  });
  it('posts an empty filter too, and reads it unpaged when asked', () => {
    expect(listCall('queue-archive', { pagination: false, filter: { queue_id: 'q1' } })).toEqual({ method: 'POST', url: '/business/queue/q1/archive', body: { pagination: 'off' } });
  });
  it('refuses a list without its queue', () => {
    expect(() => listCall('queue-archive', { pagination: { page: 1, perPage: 25 }, filter: {} })).toThrow('queue-archive needs queue_id');
  });
});
