import { apiOf, listCall } from './resources';

describe("a queue's archive", () => {
  it('posts the page and the filters in the body, the queue named by the resource in the address', () => {
    expect(listCall('queues/q 1/archive', { pagination: { page: 2, perPage: 25 }, sort: { field: 'archived_at', order: 'DESC' }, filter: { status: 'ended', q: ' Ann ', from: '' } })).toEqual({
      method: 'POST',
      url: '/business/queue/q%201/archive',
      body: { status: 'ended', q: 'Ann', page: '2', per_page: '25' },
    });
  });
  it('posts an empty filter too, and reads it unpaged when asked', () => {
    expect(listCall('queues/q1/archive', { pagination: false, filter: {} })).toEqual({ method: 'POST', url: '/business/queue/q1/archive', body: { pagination: 'off' } });
  });
  it('knows no other page under a queue', () => {
    expect(() => apiOf('queues/q1/elsewhere')).toThrow('Unknown resource queues/q1/elsewhere');
    expect(apiOf('queues').base).toBe('/business/queue');
  });
});
