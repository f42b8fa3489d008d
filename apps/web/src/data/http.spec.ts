import { errorMessage, fieldErrors, messageKey, rewrittenAddress } from './http';
import { createCall, deleteCall, listCall, listQuery, listUrl, oneUrl, readList, toMultipart, updateCall, withIds } from './resources';

describe('errors', () => {
  it('uses the server message, else the status text', () => {
    expect(errorMessage(422, 'Unprocessable Entity', { message: 'Password confirm does not match' })).toBe('Password confirm does not match');
    expect(errorMessage(502, 'Bad Gateway', null)).toBe('Bad Gateway');
    expect(errorMessage(500, '', {})).toBe('HTTP 500');
  });
  it('names known codes by catalogue key, so the interface words them in its language', () => {
    expect(messageKey(401, { code: 'bad_credentials', message: 'Email and Password do not match our records' }, 'x')).toBe('app.errors.bad_credentials');
    expect(messageKey(403, { code: 'awaiting_approval', message: 'Your account is awaiting approval' }, 'x')).toBe('app.errors.awaiting_approval');
    // By its code only: an English message alone names nothing.
    expect(messageKey(403, { code: 'forbidden', message: 'Your account is awaiting approval' }, 'x')).toBe('x');
    expect(messageKey(422, { code: 'validation_failed', message: 'Enter a valid phone number' }, 'Enter a valid phone number')).toBe(
      'Enter a valid phone number',
    );
  });
  it('keeps the first message of each field', () => {
    expect(fieldErrors({ errors: { email: ['Email is invalid or used by another account', 'x'], name: 'Required' } })).toEqual({
      email: 'Email is invalid or used by another account',
      name: 'Required',
    });
    expect(fieldErrors({ message: 'x' })).toBeUndefined();
  });
});

describe('a 405 answer', () => {
  it('rewrites the page address with replace and with, within its origin', () => {
    expect(rewrittenAddress('https://tabour.app/tn/settings/team', { replace: '/tn/', with: '/ci/' })).toBe('https://tabour.app/ci/settings/team');
    expect(rewrittenAddress('https://tabour.app/settings/team?x=1', { replace: 'team?x=1', with: 'team#top' })).toBe('https://tabour.app/settings/team#top');
  });
  it.each([
    ['another host', 'https://tn.tabour.app/settings/team', { replace: 'tn.', with: 'ci.' }],
    ['another site', 'https://tabour.app/settings', { replace: 'tabour.app', with: 'evil.example' }],
    ['a protocol-relative path', 'https://tabour.app/settings', { replace: 'https://tabour.app/settings', with: '//evil.example/x' }],
    ['a backslash path', 'https://tabour.app/settings', { replace: 'https://tabour.app/settings', with: '/\\evil.example/x' }],
    ['javascript:', 'https://tabour.app/settings', { replace: 'https://tabour.app/settings', with: 'javascript:alert(document.domain)' }],
    ['a javascript: scheme in the middle', 'https://tabour.app/settings', { replace: 'https:', with: 'javascript:alert(1);//' }],
    ['data:', 'https://tabour.app/settings', { replace: 'https://tabour.app/settings', with: 'data:text/html,<script>alert(1)</script>' }],
    ['another port', 'https://tabour.app/settings', { replace: 'tabour.app', with: 'tabour.app:8443' }],
    ['http from https', 'https://tabour.app/settings', { replace: 'https:', with: 'http:' }],
    ['credentials in the address', 'https://tabour.app/settings', { replace: 'https://', with: 'https://tabour.app@evil.example/' }],
  ])('refuses a target on %s', (_what, href, body) => {
    expect(rewrittenAddress(href, body)).toBeNull();
  });
  it('keeps a path that starts with two slashes on the page origin, as the whole address', () => {
    expect(rewrittenAddress('https://tabour.app/a/settings', { replace: '/a/', with: '//' })).toBe('https://tabour.app//settings');
  });
  it('leaves the address alone without a usable body', () => {
    expect(rewrittenAddress('https://a/b', { message: 'Method Not Allowed' })).toBeNull();
    expect(rewrittenAddress('https://a/b', { replace: 'zzz', with: 'y' })).toBeNull();
  });
});

describe('resource calls', () => {
  it('pages lists with page and per_page, or turns paging off', () => {
    expect(
      listUrl('settings/departments', { pagination: { page: 2, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'dent', empty: '' } }),
    ).toBe('/business/department?page=2&per_page=25&sort=name&order=asc&q=dent');
    expect(listQuery({ pagination: false })).toBe('pagination=off');
  });
  it('lists queues with their summaries and reads one at its own address', () => {
    expect(listUrl('queues', { pagination: { page: 1, perPage: 25 } })).toBe('/business/queue/summary?page=1&per_page=25');
    expect(oneUrl('queues', 'q1')).toBe('/business/queue/q1');
    expect(createCall('queues')).toEqual({ method: 'PUT', url: '/business/queue/create' });
    expect(createCall('settings/note-type')).toEqual({ method: 'POST', url: '/business/note-type/create' });
    expect(deleteCall('settings/note-type', 'n1')).toEqual({ method: 'DELETE', url: '/business/note-type/n1/delete' });
  });
  it('creates with PUT, or POST for team and holidays', () => {
    expect(createCall('settings/services')).toEqual({ method: 'PUT', url: '/business/service/create' });
    expect(createCall('settings/team')).toEqual({ method: 'POST', url: '/business/team/create' });
    expect(createCall('settings/holidays')).toEqual({ method: 'POST', url: '/business/holiday/create' });
    expect(() => createCall('activity')).toThrow();
  });
  it('updates with POST and deletes with DELETE, holidays with GET', () => {
    expect(updateCall('settings/departments', 'a1')).toEqual({ method: 'POST', url: '/business/department/a1/update' });
    expect(deleteCall('settings/departments', 'a1')).toEqual({ method: 'DELETE', url: '/business/department/a1/delete' });
    expect(deleteCall('settings/holidays', 'h1')).toEqual({ method: 'GET', url: '/business/holiday/h1/delete' });
  });
  it('reads the paged shape and bare arrays', () => {
    expect(readList({ data: [{ id: 1 }], total: 7, page: 1 })).toEqual({ data: [{ id: 1 }], total: 7 });
    expect(readList([{ id: 1 }, { id: 2 }])).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(withIds([{ code: 'TN', name: 'Tunisia' }])).toEqual([{ code: 'TN', name: 'Tunisia', id: 'TN' }]);
  });
});

describe('device and feedback lists', () => {
  it('searches kiosks and displays by a keyword in the path', () => {
    expect(listCall('kiosks', { pagination: { page: 1, perPage: 10 }, filter: { q: ' hall 2 ' } })).toEqual({
      method: 'POST',
      url: '/business/kiosk/filter/hall%202?page=1&per_page=10',
    });
    expect(listCall('displays', { pagination: { page: 2, perPage: 10 }, filter: {} })).toEqual({ method: 'GET', url: '/business/display?page=2&per_page=10' });
    expect(createCall('kiosks')).toEqual({ method: 'POST', url: '/business/kiosk/create' });
  });
  it('filters feedback in the body, and lists it with a GET without filters', () => {
    expect(listCall('feedback', { pagination: { page: 3, perPage: 25 }, filter: { stars: 5, queue_id: 'q1', from: '' } })).toEqual({
      method: 'POST',
      url: '/business/feedback/filter',
      body: { stars: 5, queue_id: 'q1', page: '3', per_page: '25' },
    });
    expect(listCall('feedback', { pagination: { page: 1, perPage: 25 }, filter: {} })).toEqual({ method: 'GET', url: '/business/feedback?page=1&per_page=25' });
    expect(() => createCall('feedback')).toThrow();
  });
  it('sends a body with a file as multipart, lists and objects as JSON text', () => {
    expect(toMultipart({ name: 'Hall' })).toBeNull();
    const form = toMultipart({
      name: 'Hall',
      queue_ids: ['a', 'b'],
      colours: { primary: '#112233' },
      theme: null,
      zoom: 120,
      placeholder: new Blob(['x'], { type: 'image/png' }),
    })!;
    expect(form.get('name')).toBe('Hall');
    expect(form.get('queue_ids')).toBe('["a","b"]');
    expect(form.get('colours')).toBe('{"primary":"#112233"}');
    expect(form.get('theme')).toBe('');
    expect(form.get('zoom')).toBe('120');
    expect(form.get('placeholder')).toBeInstanceOf(Blob);
  });
});
