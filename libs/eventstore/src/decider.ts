import { WrongExpectedVersion } from './errors';
import type { AppendOptions, AppendResult, EventStore, NewEvent } from './types';

/** A domain event as decide returns it and evolve folds it: plain JSON, past-tense type. */
export interface DomainEvent<T extends string = string, D = any> {
  type: T;
  data: D;
}

/** The Decider pattern: pure functions, no Nest, no SQL. */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}

export interface HandleOptions extends Omit<AppendOptions, 'expectedRevision'> {
  /** How many times to re-read and re-decide after a concurrent append. */
  retries?: number;
}

export interface HandleResult<State, Event> extends Partial<AppendResult> {
  state: State;
  newEvents: Event[];
  revision: number | null;
}

/** One command decided on a state, and the state its events lead to. */
export interface Step<S, E> {
  events: E[];
  state: S;
}

/**
 * The one decide-and-fold step every command path shares (the generic handler below and the
 * queue runner's batches): decide on the state, then fold the new events onto it.
 */
export function decideStep<C, S, E extends DomainEvent>(decider: Pick<Decider<C, S, E>, 'decide' | 'evolve'>, command: C, state: S): Step<S, E> {
  const events = decider.decide(command, state);
  return { events, state: events.length ? events.reduce(decider.evolve, state) : state };
}

/** Folds a stream's history through evolve. */
export function fold<S, E extends DomainEvent>(decider: Pick<Decider<unknown, S, E>, 'initialState' | 'evolve'>, events: E[]): S {
  return events.reduce(decider.evolve, decider.initialState());
}

/**
 * Load state, decide, append at the revision the decision was taken on, and on a concurrent
 * append start again from the newer state. Domain errors thrown by decide propagate untouched.
 */
export async function handleCommand<C, S, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<C, S, E>,
  streamId: string,
  command: C,
  options: HandleOptions,
): Promise<HandleResult<S, E>> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = fold(decider, history.map((e) => ({ type: e.type, data: e.data }) as E));
    const revision = history.length ? history[history.length - 1].revision : null;
    const newEvents = decider.decide(command, state);
    if (newEvents.length === 0) return { state, newEvents, revision };
    try {
      const result = await store.append(streamId, newEvents as NewEvent[], {
        ...options,
        expectedRevision: revision === null ? 'no_stream' : revision,
      });
      return { ...result, state: newEvents.reduce(decider.evolve, state), newEvents, revision: result.nextExpectedRevision };
    } catch (err) {
      if (err instanceof WrongExpectedVersion && attempt < retries) continue;
      throw err;
    }
  }
}
