import { useEffect, useRef, useState } from 'react';
import { CATALOGUES } from '../i18n/catalogues';
import { isLanguage } from '../i18n/languages';
import { Announcer, BoardCall, callKey, DEFAULT_VOICE, freshCalls, Speaker, utterancesFor, utteranceTimeoutMs, VoiceSettings } from './announcer';

/**
 * The browser's speech engine as a Speaker. It resolves at the utterance's end; an engine that
 * never reports one (no audio device) resolves after a generous time, and the next utterance then
 * waits in the engine's own queue behind it: nothing is ever cancelled.
 */
export function browserSpeaker(): Speaker {
  return {
    speak: (u) =>
      new Promise<void>((resolve) => {
        const synth = typeof window === 'undefined' ? undefined : window.speechSynthesis;
        if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return resolve();
        const utterance = new SpeechSynthesisUtterance(u.text);
        utterance.lang = u.lang;
        const voice = u.voice ? synth.getVoices().find((v) => v.name === u.voice) : undefined;
        if (voice) utterance.voice = voice;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(finish, utteranceTimeoutMs(u.text));
        utterance.onend = finish;
        utterance.onerror = finish;
        synth.speak(utterance);
      }),
  };
}

/** The voices this browser offers, as they load (Chromium lists them after `voiceschanged`). */
export function useVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    const synth = typeof window === 'undefined' ? undefined : window.speechSynthesis;
    if (!synth) return;
    const load = () => setVoices(synth.getVoices());
    load();
    synth.addEventListener?.('voiceschanged', load);
    return () => synth.removeEventListener?.('voiceschanged', load);
  }, []);
  return voices;
}

/** The sentence a language says when the display has no template of its own. */
export const defaultTemplate = (lang: string) => CATALOGUES[isLanguage(lang) ? lang : 'en'].display.voice_template;

/**
 * Announces the calls a board shows that were not on it before: the first load only marks what
 * is already there. Calls from the current and the past lists both count, so a ticket called
 * and ended between two reads is still announced. Returns the newest call's key.
 */
export function useAnnouncements(
  board: { calls: BoardCall[]; history: BoardCall[]; display: { voice?: Partial<VoiceSettings> | null } } | undefined,
  lang: string,
): string | null {
  const seen = useRef<Set<string> | null>(null);
  const announcer = useRef<Announcer | null>(null);
  const [latest, setLatest] = useState<string | null>(null);
  announcer.current ??= new Announcer(browserSpeaker(), (ms) => new Promise((r) => setTimeout(r, ms)), 600);
  useEffect(() => {
    if (!board) return;
    const all = [...board.calls, ...board.history];
    if (!seen.current) {
      seen.current = new Set(all.map(callKey));
      return;
    }
    const unique = new Map(all.map((c) => [callKey(c), c]));
    const fresh = freshCalls([...unique.values()], seen.current);
    if (!fresh.length) return;
    fresh.forEach((c) => seen.current!.add(callKey(c)));
    setLatest(callKey(fresh[fresh.length - 1]));
    const voice = { ...DEFAULT_VOICE, ...(board.display.voice ?? {}) };
    announcer.current!.enqueue(utterancesFor(fresh, voice, lang, defaultTemplate(lang)));
  }, [board, lang]);
  return latest;
}
