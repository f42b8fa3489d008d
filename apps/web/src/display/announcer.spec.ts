import {
  Announcer,
  BoardCall,
  callKey,
  DEFAULT_VOICE,
  freshCalls,
  phrase,
  replaceWords,
  Speaker,
  spokenLabel,
  Utterance,
  utterancesFor,
  VoiceSettings,
} from './announcer';

const TEMPLATE = 'Ticket {number}, please go to {counter}';
const call = (label: string, counter: string, at: string, queue = 'q1'): BoardCall => ({
  label,
  number: Number(label.replace(/\D/g, '')),
  counter_name: counter,
  called_at: at,
  queue_id: queue,
});

/** A speech engine whose every utterance ends only when the test says so. */
function controlledSpeaker() {
  const log: string[] = [];
  const ends: (() => void)[] = [];
  const speaker: Speaker = {
    speak: (u: Utterance) =>
      new Promise<void>((resolve) => {
        log.push(`start ${u.text}`);
        ends.push(() => {
          log.push(`end ${u.text}`);
          resolve();
        });
      }),
  };
  return { speaker, log, endCurrent: () => ends.shift()!() };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the announcement queue', () => {
  it('starts B only after A has ended when A and B arrive together, and never cuts A short', async () => {
    const { speaker, log, endCurrent } = controlledSpeaker();
    const announcer = new Announcer(speaker);
    announcer.enqueue(
      utterancesFor([call('A1', 'Desk 1', '2026-01-01T10:00:00Z'), call('B7', 'Desk 2', '2026-01-01T10:00:00Z')], DEFAULT_VOICE, 'en', TEMPLATE),
    );
    await flush();
    expect(log).toEqual(['start Ticket A 1, please go to Desk 1']);
    expect(announcer.pending).toBe(1);
    await flush();
    expect(log).toHaveLength(1);
    endCurrent();
    await flush();
    expect(log).toEqual(['start Ticket A 1, please go to Desk 1', 'end Ticket A 1, please go to Desk 1', 'start Ticket B 7, please go to Desk 2']);
    endCurrent();
    await announcer.idle();
    expect(log).toHaveLength(4);
    expect(announcer.pending).toBe(0);
  });

  it('queues a call that arrives while another is being said behind it', async () => {
    const { speaker, log, endCurrent } = controlledSpeaker();
    const announcer = new Announcer(speaker);
    announcer.enqueue([{ text: 'one', lang: 'en', voice: null }]);
    await flush();
    announcer.enqueue([{ text: 'two', lang: 'en', voice: null }]);
    await flush();
    expect(log).toEqual(['start one']);
    endCurrent();
    await flush();
    endCurrent();
    await announcer.idle();
    expect(log).toEqual(['start one', 'end one', 'start two', 'end two']);
  });

  it('goes on with the next call when a voice fails', async () => {
    const said: string[] = [];
    const announcer = new Announcer({
      speak: async (u) => {
        if (u.text === 'bad') throw new Error('no voice');
        said.push(u.text);
      },
    });
    announcer.enqueue([
      { text: 'bad', lang: 'en', voice: null },
      { text: 'good', lang: 'en', voice: null },
    ]);
    await announcer.idle();
    expect(said).toEqual(['good']);
  });

  it('pauses between two utterances when asked', async () => {
    const events: string[] = [];
    const announcer = new Announcer({ speak: async (u) => void events.push(u.text) }, async (ms) => void events.push(`pause ${ms}`), 400);
    announcer.enqueue([
      { text: 'a', lang: 'en', voice: null },
      { text: 'b', lang: 'en', voice: null },
    ]);
    await announcer.idle();
    expect(events).toEqual(['a', 'pause 400', 'b']);
  });
});

describe('what is said', () => {
  const voice = (over: Partial<VoiceSettings> = {}): VoiceSettings => ({ ...DEFAULT_VOICE, ...over });

  it('applies the template with the number and the counter', () => {
    expect(phrase({ label: 'A12', counter_name: 'Desk 2' }, voice(), TEMPLATE)).toBe('Ticket A 12, please go to Desk 2');
    expect(phrase({ label: 'A12', counter_name: 'Desk 2' }, voice({ template: 'Numéro {number} au {counter}' }), TEMPLATE)).toBe('Numéro A 12 au Desk 2');
    expect(phrase({ label: '7', counter_name: null }, voice({ template: 'Number {number} to {counter}.' }), TEMPLATE)).toBe('Number 7 to.');
  });

  it('says the replacement words for counters and numbers', () => {
    const v = voice({ counter_replacements: { 'Desk 2': 'Guichet deux', Salle: 'Room' }, number_replacements: { A: 'Alpha ' } });
    expect(phrase({ label: 'A12', counter_name: 'Desk 2' }, v, TEMPLATE)).toBe('Ticket Alpha 12, please go to Guichet deux');
    expect(phrase({ label: 'B3', counter_name: 'Salle 4' }, v, TEMPLATE)).toBe('Ticket B 3, please go to Room 4');
  });

  it('replaces the longest word first, in one pass', () => {
    expect(replaceWords('Desk 12', { Desk: 'Counter', 'Desk 1': 'X', '1': 'one', '2': 'two' })).toBe('Xtwo');
    expect(replaceWords('Desk 3', { Desk: 'Counter', '3': 'three' })).toBe('Counter three');
    expect(replaceWords('AB', { A: 'B', B: 'C' })).toBe('BC');
    expect(spokenLabel('R105', {})).toBe('R 105');
    expect(spokenLabel('R105', { R105: 'Radiology one hundred five' })).toBe('Radiology one hundred five');
  });

  it('says each call as many times as the display repeats it, in the voice of its language', () => {
    const v = voice({ repeat: 2, voice: 'Daniel', custom_voices: { fr: 'Amélie' } });
    const calls = [call('A1', 'Desk 1', '2026-01-01T10:00:00Z'), call('A2', 'Desk 2', '2026-01-01T10:00:01Z')];
    expect(utterancesFor(calls, v, 'fr', TEMPLATE)).toEqual([
      { text: 'Ticket A 1, please go to Desk 1', lang: 'fr', voice: 'Amélie' },
      { text: 'Ticket A 1, please go to Desk 1', lang: 'fr', voice: 'Amélie' },
      { text: 'Ticket A 2, please go to Desk 2', lang: 'fr', voice: 'Amélie' },
      { text: 'Ticket A 2, please go to Desk 2', lang: 'fr', voice: 'Amélie' },
    ]);
    expect(utterancesFor(calls.slice(0, 1), voice({ repeat: 3 }), 'en', TEMPLATE)).toHaveLength(3);
    expect(utterancesFor(calls.slice(0, 1), v, 'en', TEMPLATE)[0].voice).toBe('Daniel');
    expect(utterancesFor(calls, voice({ enabled: false }), 'en', TEMPLATE)).toEqual([]);
  });
});

describe('which calls are new', () => {
  it('gives the calls not seen yet, oldest first, and a recall again', () => {
    const a = call('A1', 'Desk 1', '2026-01-01T10:00:00Z');
    const b = call('A2', 'Desk 2', '2026-01-01T10:00:05Z');
    const seen = new Set([callKey(a)]);
    expect(freshCalls([b, a], seen)).toEqual([b]);
    expect(freshCalls([b, a], new Set())).toEqual([a, b]);
    const recalled = { ...a, called_at: '2026-01-01T10:05:00Z' };
    expect(freshCalls([recalled, b], new Set([callKey(a), callKey(b)]))).toEqual([recalled]);
  });
});
