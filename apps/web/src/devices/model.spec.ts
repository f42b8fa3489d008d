import { displayBody, kioskBody, lines, NEW_KIOSK, presence, voiceBody, words } from './model';

describe('kiosk form', () => {
  it('sends the kiosk’s settings only, lists from lines, numbers as numbers, empty colours as none', () => {
    const body = kioskBody({
      ...NEW_KIOSK,
      id: 'k1',
      key: 'K-ABC',
      secret: 'never',
      sessions: 2,
      name: 'Entrance',
      ip_restriction: '10.0.0.0/8\n\n 192.168.1.4 ',
      mac_restriction: ['aa:bb:cc:dd:ee:ff', ''],
      zoom: '120',
      idle_timeout_ms: '45000',
      config_version: '2',
      colours: { primary: '#112233', danger: '' },
      theme: '',
      predefined_language: '',
    });
    expect(body).toMatchObject({
      name: 'Entrance',
      ip_restriction: ['10.0.0.0/8', '192.168.1.4'],
      mac_restriction: ['aa:bb:cc:dd:ee:ff'],
      zoom: 120,
      idle_timeout_ms: 45000,
      config_version: 2,
      colours: { primary: '#112233', danger: null },
      theme: null,
      predefined_language: null,
      guest_mode: true,
    });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('key');
    expect(body).not.toHaveProperty('secret');
    expect(body).not.toHaveProperty('sessions');
  });

  it('keeps what the form did not touch out of an update', () => {
    expect(kioskBody({ name: 'Hall' })).toEqual({ name: 'Hall' });
  });

  it('sends a chosen placeholder image as a file', () => {
    const file = new Blob(['png'], { type: 'image/png' });
    expect(kioskBody({ name: 'Hall', placeholder: file }).placeholder).toBe(file);
    expect(kioskBody({ name: 'Hall', placeholder: 'x' })).not.toHaveProperty('placeholder');
  });
});

describe('display form', () => {
  it('sends the announcement whole, with its replacement words as maps and no empty voice', () => {
    expect(
      voiceBody({
        enabled: true,
        voice: '',
        template: ' Ticket {number}, {counter} ',
        counter_replacements: [
          { from: 'Desk 2', to: 'Guichet deux' },
          { from: '', to: 'x' },
        ],
        number_replacements: { A: 'Alpha' },
        custom_voices: { fr: 'Amélie', de: '', xx: 'y' },
        repeat: '5',
      }),
    ).toEqual({
      enabled: true,
      voice: null,
      template: 'Ticket {number}, {counter}',
      counter_replacements: { 'Desk 2': 'Guichet deux' },
      number_replacements: { A: 'Alpha' },
      custom_voices: { fr: 'Amélie' },
      repeat: 3,
    });
  });

  it('cleans media, ads and addresses', () => {
    const body = displayBody({
      name: 'Hall screen',
      ip: ' ',
      mac: 'AA-BB-CC-DD-EE-FF',
      video_url: '',
      ads: 'Welcome\n\nMasks please ',
      media: [
        { kind: 'image', url: ' https://x/a.png ', seconds: '8' },
        { kind: 'video', url: 'https://x/v.mp4', seconds: 5 },
        { kind: 'image', url: '' },
      ],
      history_size: '4',
      key: 'D-1',
    });
    expect(body).toEqual({
      name: 'Hall screen',
      ip: null,
      mac: 'AA-BB-CC-DD-EE-FF',
      video_url: null,
      ads: ['Welcome', 'Masks please'],
      media: [
        { kind: 'image', url: 'https://x/a.png', seconds: 8 },
        { kind: 'video', url: 'https://x/v.mp4', seconds: null },
      ],
      history_size: 4,
    });
  });

  it('reads lines and word rows', () => {
    expect(lines(' a \n\nb')).toEqual(['a', 'b']);
    expect(words([{ from: ' x ', to: 'y' }])).toEqual({ x: 'y' });
  });
});

describe('device presence', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  it('is online when a session was seen lately, logged in when quiet, offline without a session', () => {
    expect(presence({ sessions: 1, last_seen_at: '2026-03-01T09:58:30Z' }, now)).toBe('online');
    expect(presence({ sessions: 1, last_seen_at: '2026-03-01T09:30:00Z' }, now)).toBe('idle');
    expect(presence({ sessions: 0, last_seen_at: '2026-03-01T09:59:00Z' }, now)).toBe('offline');
  });
});
