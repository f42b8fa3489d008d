import { conflict } from '@tabour/platform';
import { RANDOM_SPAN } from '../../settings';
import type { QueueState } from '../state';

/** The next number of the day: numbering restarts when the business-local day changes. */
export function nextNumber(state: QueueState, day: string, random: number): number {
  const s = state.settings!;
  const sameDay = state.day === day;
  if (s.number_type === 'incremental') return sameDay ? Math.max(state.last_number + 1, s.number_start) : s.number_start;
  const used = new Set(sameDay ? state.used_numbers : []);
  if (used.size >= RANDOM_SPAN) throw conflict('No ticket number is left for today', 'numbers_exhausted');
  // A random start, then the next free one: every number is given at most once a day.
  let n = Math.floor(Math.max(0, Math.min(0.999999, random)) * RANDOM_SPAN);
  while (used.has(s.number_start + n)) n = (n + 1) % RANDOM_SPAN;
  return s.number_start + n;
}

/** Whether a redirected ticket may keep its number here: not when today's list already gave it. */
export const numberFree = (state: QueueState, day: string, n: number): boolean => !(state.day === day && state.used_numbers.includes(n));

/** Records a number as given on its day (evolve's side of `nextNumber`). */
export function numbered(state: QueueState, day: string, n: number): QueueState {
  const same = state.day === day;
  return { ...state, day, last_number: same ? Math.max(state.last_number, n) : n, used_numbers: same ? [...state.used_numbers, n] : [n] };
}
