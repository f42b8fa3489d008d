import type { SessionEndEvent } from './events';
import type { SessionEndState } from './state';

export function evolve(state: SessionEndState, event: SessionEndEvent): SessionEndState {
  return event.type === 'SessionsEnded' ? { ended: true } : state;
}
