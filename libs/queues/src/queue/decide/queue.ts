import { conflict } from '@tabour/platform';
import { checkSettings, QueueSettings } from '../../settings';
import type { CommandOf } from '../commands';
import type { QueueEvent } from '../events';
import { liveTickets, unprocessable } from './lookup';
import { idsOf, QueueState } from '../state';

/** The queue itself: its settings, pause and announced delay. */

export function createQueue(command: CommandOf<'CreateQueue'>, state: QueueState): QueueEvent[] {
  if (state.status !== 'none') return [];
  return [{ type: 'QueueCreated', data: { ...idsOf(command), settings: checkSettings(command.settings) } }];
}

export function updateQueue(command: CommandOf<'UpdateQueue'>, state: QueueState): QueueEvent[] {
  const next = checkSettings({ ...state.settings!, ...command.changes });
  const changes: Partial<QueueSettings> = {};
  for (const k of Object.keys(command.changes) as (keyof QueueSettings)[]) {
    if (JSON.stringify(next[k]) !== JSON.stringify(state.settings![k])) (changes as Record<string, unknown>)[k] = next[k];
  }
  return Object.keys(changes).length ? [{ type: 'QueueUpdated', data: { ...idsOf(command), changes } }] : [];
}

export function deleteQueue(command: CommandOf<'DeleteQueue'>, state: QueueState): QueueEvent[] {
  if (liveTickets(state).length) throw conflict('The queue still has tickets: end or redirect them first', 'queue_not_empty');
  return [{ type: 'QueueDeleted', data: idsOf(command) }];
}

export const pauseQueue = (command: CommandOf<'PauseQueue'>, state: QueueState): QueueEvent[] =>
  state.paused ? [] : [{ type: 'QueuePaused', data: idsOf(command) }];

export const resumeQueue = (command: CommandOf<'ResumeQueue'>, state: QueueState): QueueEvent[] =>
  state.paused ? [{ type: 'QueueResumed', data: idsOf(command) }] : [];

export function delayQueue(command: CommandOf<'DelayQueue'>, state: QueueState): QueueEvent[] {
  const delay = command.hours * 3600 + command.minutes * 60;
  if (!Number.isInteger(delay) || delay < 0 || delay > 24 * 3600) throw unprocessable('The delay must be from 0 to 24 hours', 'minutes');
  return delay === state.delay_seconds ? [] : [{ type: 'QueueDelayed', data: { ...idsOf(command), delay_seconds: delay } }];
}
