import type { Decider, DomainEvent } from './decider';

/**
 * Given/when/then for deciders, in the spirit of Emmett's DeciderSpecification:
 *
 *   const spec = specification(queueDecider);
 *   spec.given([...history]).when(command).then([...events]);
 *   spec.given([...history]).when(command).thenRefuses('invalid_state');
 *
 * Refusals are errors with a `code` (the platform's DomainError); any other error fails the test.
 * Browser-free and framework-free except for jest's `expect`, so every context's spec uses it.
 */
export interface Refusal {
  /** Left out when the status or the fields say enough (a 404, a 422 on given fields). */
  code?: string;
  message?: string | RegExp;
  status?: number;
  /** Field keys the refusal must name among its `errors` (others may be named too). */
  fields?: readonly string[];
}

/** The refusal as caught, for assertions the clauses do not cover. */
export interface Refused {
  code: string;
  message: string;
  status?: number;
  errors?: Record<string, string[]>;
}

export interface Outcome<S, E> {
  /** The events the decision produced (throws if it refused). */
  events: E[];
  /** The state after folding those events over the given history. */
  state: S;
}

export interface WhenClause<S, E> {
  then(expected: E[] | ((events: E[], state: S) => void)): Outcome<S, E>;
  thenRefuses(code: string | Refusal): Refused;
  thenNothingHappens(): void;
  /** The raw outcome, for assertions the clauses above do not cover. */
  outcome(): Outcome<S, E>;
}

export interface GivenClause<C, S, E> {
  state: S;
  when(command: C): WhenClause<S, E>;
}

function hasCode(err: unknown): err is Refused {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string';
}

export function specification<C, S, E extends DomainEvent>(decider: Decider<C, S, E>) {
  return {
    given(history: E[] | S = []): GivenClause<C, S, E> {
      const state = Array.isArray(history) ? history.reduce(decider.evolve, decider.initialState()) : history;
      return {
        state,
        when(command: C): WhenClause<S, E> {
          const run = (): Outcome<S, E> => {
            const events = decider.decide(command, state);
            return { events, state: events.reduce(decider.evolve, state) };
          };
          return {
            outcome: run,
            then(expected) {
              const result = run();
              if (typeof expected === 'function') expected(result.events, result.state);
              else expect(result.events).toEqual(expected);
              return result;
            },
            thenNothingHappens() {
              expect(run().events).toEqual([]);
            },
            thenRefuses(refusal) {
              const want: Refusal = typeof refusal === 'string' ? { code: refusal } : refusal;
              let caught: unknown;
              try {
                run();
              } catch (err) {
                caught = err;
              }
              if (caught === undefined) throw new Error(`expected a refusal ${JSON.stringify(want)}, but the command was accepted`);
              if (!hasCode(caught)) throw caught;
              if (want.code !== undefined) expect(caught.code).toBe(want.code);
              if (want.status !== undefined) expect(caught.status).toBe(want.status);
              if (typeof want.message === 'string') expect(caught.message).toBe(want.message);
              else if (want.message) expect(caught.message).toMatch(want.message);
              if (want.fields) expect(Object.keys(caught.errors ?? {})).toEqual(expect.arrayContaining([...want.fields]));
              return caught;
            },
          };
        },
      };
    },
  };
}

/** Runs commands one after another from the initial state; any refusal fails the caller. */
export function replay<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, commands: C[], from?: S): Outcome<S, E> {
  let state = from ?? decider.initialState();
  const events: E[] = [];
  for (const c of commands) {
    const decided = decider.decide(c, state);
    state = decided.reduce(decider.evolve, state);
    events.push(...decided);
  }
  return { events, state };
}
