import { specification } from '@tabour/eventstore/testing';
import { DEFAULT_DISPLAY, DEFAULT_VOICE, DisplayCommand, displayDecider, DisplayEvent, DisplaySettings } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const D = '33333333-3333-4333-8333-333333333333';
const Q = '44444444-4444-4444-8444-444444444444';
const ids = { display_id: D, business_id: B };
const settings: DisplaySettings = { ...DEFAULT_DISPLAY, name: 'Hall screen', queue_ids: [Q] };
const created: DisplayEvent = { type: 'DisplayCreated', data: { ...ids, key: 'D-ABC', settings } };

const spec = specification(displayDecider);
const update = (changes: Record<string, unknown>): DisplayCommand => ({ ...ids, type: 'UpdateDisplay', changes: changes as Partial<DisplaySettings> });

describe('display decider', () => {
  it('creates a display with checked settings: the name trimmed, queues lower-cased once, the MAC in one spelling', () => {
    const { state } = spec
      .given([])
      .when({
        ...ids,
        type: 'CreateDisplay',
        key: 'D-ABC',
        settings: { ...settings, name: '  Hall screen ', queue_ids: [Q.toUpperCase(), Q], mac: 'AA-BB-CC-DD-EE-FF' },
      })
      .then([{ type: 'DisplayCreated', data: { ...ids, key: 'D-ABC', settings: { ...settings, mac: 'aa:bb:cc:dd:ee:ff' } } }]);
    expect(state).toMatchObject({ status: 'active', business_id: B, key: 'D-ABC' });
  });

  it('refuses to create the same display twice', () => {
    spec
      .given([created])
      .when({ ...ids, type: 'CreateDisplay', key: 'D-XYZ', settings })
      .thenRefuses({ status: 409, code: 'display_exists' });
  });

  it('records only what an update changes, and nothing when nothing changes', () => {
    const { state } = spec
      .given([created])
      .when(update({ name: 'Hall screen', theme: 'light', history_size: 6, ads: ['Welcome'] }))
      .then([{ type: 'DisplayUpdated', data: { ...ids, changes: { theme: 'light', ads: ['Welcome'] } } }]);
    expect(state).toMatchObject({ settings: { name: 'Hall screen', theme: 'light', ads: ['Welcome'] } });
    spec
      .given([created])
      .when(update({ name: ' Hall screen ', voice: DEFAULT_VOICE }))
      .thenNothingHappens();
  });

  it('fills the announcement settings left out with their defaults, and keeps no unknown ones', () => {
    spec
      .given([created])
      .when(update({ voice: { template: 'Ticket {number}, {counter}', repeat: 2, extra: 'x' } }))
      .then([{ type: 'DisplayUpdated', data: { ...ids, changes: { voice: { ...DEFAULT_VOICE, template: 'Ticket {number}, {counter}', repeat: 2 } } } }]);
  });

  it('resets the secret without a word of it in the event', () => {
    spec
      .given([created])
      .when({ ...ids, type: 'ResetDisplaySecret' })
      .then([{ type: 'DisplaySecretReset', data: ids }]);
  });

  it('deletes a display, which then answers 404 to every command', () => {
    const { events, state } = spec
      .given([created])
      .when({ ...ids, type: 'DeleteDisplay' })
      .then([{ type: 'DisplayDeleted', data: ids }]);
    expect(state.status).toBe('deleted');
    const after = spec.given([created, ...events]);
    after.when(update({ name: 'Back' })).thenRefuses({ status: 404 });
    after.when({ ...ids, type: 'ResetDisplaySecret' }).thenRefuses({ status: 404 });
  });

  it('answers another business exactly as a missing display: 404', () => {
    spec.given([created]).when({ display_id: D, business_id: OTHER, type: 'DeleteDisplay' }).thenRefuses({ status: 404 });
    spec
      .given([])
      .when(update({ name: 'X' }))
      .thenRefuses({ status: 404 });
  });

  it.each([
    ['a template that never says the number', { voice: { template: 'Please go to {counter}' } }, 'voice.template'],
    ['a template that is not text', { voice: { template: 42 } }, 'voice.template'],
    ['a repeat of 5', { voice: { repeat: 5 } }, 'voice.repeat'],
    ['a voice for an unknown language', { voice: { custom_voices: { xx: 'Anna' } } }, 'voice.custom_voices'],
    ['replacements that are not words', { voice: { counter_replacements: { 'Desk 1': { nested: true } } } }, 'voice.counter_replacements'],
    ['a media item of another kind', { media: [{ kind: 'audio', url: 'https://cdn.example/a.mp3', seconds: null }] }, 'media.0.kind'],
    ['a media address that is not on the web', { media: [{ kind: 'image', url: 'javascript:alert(1)', seconds: 10 }] }, 'media.0.url'],
    ['an image shown for no time', { media: [{ kind: 'image', url: 'https://cdn.example/a.png', seconds: 0 }] }, 'media.0.seconds'],
    ['a media item that is not an item', { media: ['https://cdn.example/a.png'] }, 'media.0'],
    ['media that is not a list', { media: 'https://cdn.example/a.png' }, 'media'],
    ['an IP address that is not one', { ip: '300.1.1.1' }, 'ip'],
    ['a MAC address that is not one', { mac: 'aa:bb:cc' }, 'mac'],
    ['a video link that is not on the web', { video_url: 'file:///etc/passwd' }, 'video_url'],
    ['a history of 50 calls', { history_size: 50 }, 'history_size'],
    ['an unknown theme', { theme: 'neon' }, 'theme'],
    ['an empty name', { name: '   ' }, 'name'],
  ])('refuses %s (422 on the field) and records nothing', (_, changes, field) => {
    // A refusal is thrown, so no event can come with it.
    spec
      .given([created])
      .when(update(changes))
      .thenRefuses({ status: 422, fields: [field] });
  });

  it('accepts an IPv4 range, a local upload and a video played to its end', () => {
    const local = `/business/uploads/${B}/${'a'.repeat(32)}.mp4`;
    spec
      .given([created])
      .when(update({ ip: '10.0.0.0/24', media: [{ kind: 'video', url: local }] }))
      .then([{ type: 'DisplayUpdated', data: { ...ids, changes: { ip: '10.0.0.0/24', media: [{ kind: 'video', url: local, seconds: null }] } } }]);
  });
});
