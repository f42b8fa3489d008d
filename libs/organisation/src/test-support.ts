import { DomainError } from '@tabour/platform';
import type { Decider, DomainEvent } from '@tabour/eventstore';

/** given events, when a command: the events decided, or the refusal. */
export function given<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, history: E[]) {
  const state = history.reduce(decider.evolve, decider.initialState());
  return {
    state,
    when: (command: C) => {
      try {
        return { events: decider.decide(command, state), error: null as DomainError | null };
      } catch (e) {
        if (e instanceof DomainError) return { events: null, error: e };
        throw e;
      }
    },
  };
}
