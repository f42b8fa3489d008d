import { invalid } from '@tabour/platform';
import type { SessionEndCommand } from './commands';
import { SESSION_END_REASONS, SESSION_KINDS, type SessionEndEvent } from './events';
import type { SessionEndState } from './state';

export function decide(command: SessionEndCommand, state: SessionEndState): SessionEndEvent[] {
  // A retried ending is already written.
  if (state.ended) return [];
  if (!(SESSION_KINDS as readonly string[]).includes(command.kind)) throw invalid('Unknown kind of session', { kind: ['Unknown kind of session'] });
  if (!(SESSION_END_REASONS as readonly string[]).includes(command.reason)) throw invalid('Unknown reason', { reason: ['Unknown reason'] });
  if (command.session_ids !== null && !command.session_ids.length) throw invalid('Name the sessions that end', { session_ids: ['Name the sessions that end'] });
  const { business_id, kind, subject_id, session_ids, reason } = command;
  return [{ type: 'SessionsEnded', data: { business_id, kind, subject_id, session_ids: session_ids && [...new Set(session_ids)], reason } }];
}
