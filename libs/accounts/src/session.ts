import type { Decider } from '@tabour/eventstore';
import { invalid } from '@tabour/platform';

/**
 * The end of one or more sessions (a staff login, a kiosk's or a display's), as a fact every API
 * instance reads from the log: the sockets those sessions opened are closed wherever they are
 * connected (docs/security.md, "Access that ends"). The tokens themselves are never in the log;
 * only the sessions' ids. Each ending is its own stream, `sessionend-<id>`, so none grows.
 */
export const sessionEndStream = (id: string) => `sessionend-${id}`;

export const SESSION_KINDS = ['user', 'kiosk', 'display'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];
export const SESSION_END_REASONS = ['logout', 'remote_logout', 'address_changed'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export interface SessionsEnded {
  type: 'SessionsEnded';
  /** `session_ids` null: every session of the subject (a remote logout of a device). */
  data: { business_id: string; kind: SessionKind; subject_id: string; session_ids: string[] | null; reason: SessionEndReason };
}
export type SessionEndEvent = SessionsEnded;
export const SESSION_END_EVENT_TYPES = ['SessionsEnded'] as const satisfies readonly SessionEndEvent['type'][];

export type SessionEndCommand = { type: 'EndSessions' } & SessionsEnded['data'];
export type SessionEndState = { ended: boolean };

export const sessionEndDecider: Decider<SessionEndCommand, SessionEndState, SessionEndEvent> = {
  initialState: () => ({ ended: false }),

  decide(command, state) {
    // A retried ending is already written.
    if (state.ended) return [];
    if (!(SESSION_KINDS as readonly string[]).includes(command.kind)) throw invalid('Unknown kind of session', { kind: ['Unknown kind of session'] });
    if (!(SESSION_END_REASONS as readonly string[]).includes(command.reason)) throw invalid('Unknown reason', { reason: ['Unknown reason'] });
    if (command.session_ids !== null && !command.session_ids.length)
      throw invalid('Name the sessions that end', { session_ids: ['Name the sessions that end'] });
    const { business_id, kind, subject_id, session_ids, reason } = command;
    return [{ type: 'SessionsEnded', data: { business_id, kind, subject_id, session_ids: session_ids && [...new Set(session_ids)], reason } }];
  },

  evolve(state, event) {
    return event.type === 'SessionsEnded' ? { ended: true } : state;
  },
};
