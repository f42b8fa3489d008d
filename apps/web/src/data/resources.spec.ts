import { apiOf, createCall, listCall } from './resources';

describe("a queue's archive", () => {
  it('posts the page and the filters in the body, the queue named by the resource in the address', () => {
    expect(
      listCall('queues/q 1/archive', {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'archived_at', order: 'DESC' },
        filter: { status: 'ended', q: ' Ann ', from: '' },
      }),
    ).toEqual({
      method: 'POST',
      url: '/business/queue/q%201/archive',
      body: { status: 'ended', q: 'Ann', page: '2', per_page: '25' },
    });
  });
  it('posts an empty filter too, and reads it unpaged when asked', () => {
    expect(listCall('queues/q1/archive', { pagination: false, filter: {} })).toEqual({
      method: 'POST',
      url: '/business/queue/q1/archive',
      body: { pagination: 'off' },
    });
  });
  it('knows no other page under a queue', () => {
    expect(() => apiOf('queues/q1/elsewhere')).toThrow('Unknown resource queues/q1/elsewhere');
    expect(apiOf('queues').base).toBe('/business/queue');
  });
});

describe('the bookings screens', () => {
  it('read the bookings table through the filter call, every filter in the query', () => {
    expect(listCall('bookings/table', { pagination: { page: 1, perPage: 25 }, filter: { from: '2026-03-01', department_id: 'd1', q: '' } })).toEqual({
      method: 'GET',
      url: '/business/booking/filter/?page=1&per_page=25&from=2026-03-01&department_id=d1',
    });
  });
  it('read the requests with a GET, or with the filter call once a filter is set', () => {
    expect(listCall('bookings/request', { pagination: { page: 1, perPage: 25 }, filter: {} })).toEqual({
      method: 'GET',
      url: '/business/booking/request?page=1&per_page=25',
    });
    expect(listCall('bookings/request', { pagination: { page: 2, perPage: 25 }, filter: { status: 'pending' } })).toEqual({
      method: 'POST',
      url: '/business/booking/request/filter',
      body: { status: 'pending', page: '2', per_page: '25' },
    });
  });
  it('create rules and form fields with a PUT', () => {
    expect(createCall('settings/rules')).toEqual({ method: 'PUT', url: '/business/rules/create' });
    expect(createCall('settings/forms')).toEqual({ method: 'PUT', url: '/business/forms/create' });
  });
});
