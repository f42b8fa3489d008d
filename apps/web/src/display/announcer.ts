/**
 * The display's spoken announcements, apart from the browser so they are tested without one:
 * which calls are new, what is said for each, and the queue that says them one after the other.
 */

// The board's calls and the display's voice settings are the contract's, one definition with the API.
import { isLanguage, type BoardCall, type VoiceSettings } from '@tabour/contracts';

export { DEFAULT_VOICE, type BoardCall, type VoiceSettings } from '@tabour/contracts';

/** One call of one ticket: a ticket recalled later is a new call, with its new time. */
export const callKey = (c: Pick<BoardCall, 'queue_id' | 'label' | 'called_at'>) => `${c.queue_id}|${c.label}|${c.called_at}`;

/** The calls not announced yet, oldest first: the order in which they happened. */
export function freshCalls(calls: BoardCall[], seen: ReadonlySet<string>): BoardCall[] {
  return calls.filter((c) => !seen.has(callKey(c))).sort((a, b) => Date.parse(a.called_at) - Date.parse(b.called_at));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words said instead of those shown: the whole text when it is listed ("Desk 2" →
 * "Guichet deux"), else each listed part, longest first and in one pass, so a replacement is
 * never replaced again.
 */
export function replaceWords(text: string, words: Record<string, string> | null | undefined): string {
  const map = words ?? {};
  if (Object.prototype.hasOwnProperty.call(map, text)) return map[text];
  const keys = Object.keys(map)
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  if (!keys.length) return text;
  return text.replace(new RegExp(keys.map(escape).join('|'), 'g'), (m) => map[m] ?? m);
}

/**
 * How a ticket label is said: its replacements, else letters and digits apart ("A12" → "A 12"),
 * which speech engines read as a letter and a number rather than as a word.
 */
export function spokenLabel(label: string, words: Record<string, string> | null | undefined): string {
  const replaced = replaceWords(label, words);
  if (replaced !== label) return replaced;
  return label.replace(/(\p{L})(?=\d)|(\d)(?=\p{L})/gu, '$1$2 ');
}

/** The sentence said for a call: the display's template, else the language's, with its words. */
export function phrase(call: Pick<BoardCall, 'label' | 'counter_name'>, voice: VoiceSettings, fallbackTemplate: string): string {
  const template = voice.template?.trim() || fallbackTemplate;
  const number = spokenLabel(call.label, voice.number_replacements);
  const counter = call.counter_name ? replaceWords(call.counter_name, voice.counter_replacements) : '';
  return template
    .split('{number}')
    .join(number)
    .split('{counter}')
    .join(counter)
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface Utterance {
  text: string;
  lang: string;
  /** The voice's name, or null for the language's default voice. */
  voice: string | null;
}

/** The voice for a language: the one chosen for it, else the display's own. */
export const voiceFor = (voice: VoiceSettings, lang: string): string | null =>
  (isLanguage(lang) ? voice.custom_voices?.[lang] : undefined) || voice.voice || null;

/** The utterances of calls, in order, each said `repeat` times (1 to 3). */
export function utterancesFor(calls: Pick<BoardCall, 'label' | 'counter_name'>[], voice: VoiceSettings, lang: string, fallbackTemplate: string): Utterance[] {
  if (!voice.enabled) return [];
  const times = Math.min(3, Math.max(1, Math.floor(voice.repeat || 1)));
  const out: Utterance[] = [];
  for (const c of calls) {
    const text = phrase(c, voice, fallbackTemplate);
    for (let i = 0; i < times; i++) out.push({ text, lang, voice: voiceFor(voice, lang) });
  }
  return out;
}

/** Says one utterance; resolves once it has been said (or could not be). */
export interface Speaker {
  speak(u: Utterance): Promise<void>;
}

/**
 * Says utterances one after the other: the next starts only once the one before has ended, and
 * none is ever cut short, so calls that arrive together are all heard, in their order.
 */
export class Announcer {
  private readonly waiting: Utterance[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly speaker: Speaker,
    /** A pause between two utterances, so two calls do not run into one sentence. */
    private readonly gap: (ms: number) => Promise<void> = () => Promise.resolve(),
    private readonly gapMs = 0,
  ) {}

  get pending(): number {
    return this.waiting.length;
  }

  enqueue(utterances: Utterance[]): void {
    if (!utterances.length) return;
    this.waiting.push(...utterances);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once everything queued so far has been said. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length) {
      const next = this.waiting.shift()!;
      try {
        await this.speaker.speak(next);
      } catch {
        // A voice that fails says nothing; the calls after it are still announced.
      }
      if (this.waiting.length && this.gapMs > 0) await this.gap(this.gapMs);
    }
  }
}

/** How long an utterance may take before the queue moves on: about 6 characters a second, with room to spare. */
export const utteranceTimeoutMs = (text: string) => Math.min(30_000, 3_000 + text.length * 160);
