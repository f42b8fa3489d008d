import { WrongExpectedVersion } from './errors';
import type { Actor, AppendOptions, AppendResult, EventStore, NewEvent, RecordedEvent } from './types';

/** A domain event as decide returns it and evolve folds it: plain JSON, past-tense type. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** The Decider pattern: pure functions, no Nest, no SQL. */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
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
 * The hooks a context gives the one command handler. Every hook is optional; a context passes
 * only what its aggregate needs.
 */
export interface LoadHooks<E extends DomainEvent> {
  /**
   * Events folded before the stream's own, when the aggregate began in another context (the
   * owner's member state starts from the accounts context's BusinessRegistered).
   */
  origin?: () => Promise<E[]>;
  /** Events of other streams that also shape the state, folded in position order with the stream's own. */
  alongside?: () => Promise<RecordedEvent[]>;
  /** Turns a stored event back into the decider's form (customers open the sealed personal part). */
  open?: (event: RecordedEvent) => E | Promise<E>;
}

export interface HandleOptions<E extends DomainEvent> extends LoadHooks<E>, Omit<AppendOptions, 'expectedRevision'> {
  /** The stored form of a new event (customers seal the personal part with the customer's key). */
  seal?: (event: E) => NewEvent | Promise<NewEvent>;
  /**
   * Called when the append fails for good (not a retried concurrent append): returns the error
   * to throw instead (a unique violation becomes a domain error), or nothing to rethrow as is.
   */
  onAppendError?: (err: unknown) => unknown | Promise<unknown>;
  /** The caller knows the stream is new (an id it just made): the first attempt skips the read. */
  fresh?: boolean;
  /** How many times to re-read and re-decide after a concurrent append (default 5). */
  retries?: number;
}

export interface Loaded<S> {
  state: S;
  /** The stream's last revision, null when it does not exist: the revision a decision is taken on. */
  revision: number | null;
}

export interface HandleResult<S, E> extends Loaded<S> {
  /** The events decided (in the decider's form), empty when the command changed nothing. */
  events: E[];
  /** What the store answered, when something was appended. */
  appended?: AppendResult;
}

const plain = <E>(e: RecordedEvent): E => ({ type: e.type, data: e.data }) as E;

/** A PostgreSQL unique violation (23505) whose constraint or message matches `pattern`. */
export function isUniqueViolation(err: unknown, pattern: RegExp): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (pattern.test(e.constraint ?? '') || pattern.test(String(e.message ?? '')));
}

/** An `onAppendError` hook mapping a unique violation on `pattern` to the error `toError` makes. */
export const uniqueViolation =
  (pattern: RegExp, toError: () => unknown) =>
  (err: unknown): unknown =>
    isUniqueViolation(err, pattern) ? toError() : undefined;

/** One command of a batch and who gave it: the events it causes carry that actor. */
export interface BatchItem<C> {
  command: C;
  actor: Actor;
}

/** What became of one command of a batch: decided alone on the state its predecessors left, and refused alone. */
export type BatchOutcome<S, E> = { ok: true; events: E[]; state: S } | { ok: false; error: unknown; state: S };

/**
 * The hooks of a batch (the queue runner's): many commands on one stream, one append. Every
 * hook is optional; without them a batch reads the stream, appends as it was decided and
 * retries at once.
 */
export interface BatchOptions<S, E extends DomainEvent, C = unknown> {
  tenantId: string | null;
  /** The state the batch is decided on and its revision (a cache or a snapshot); by default the stream read. */
  load?: () => Promise<Loaded<S>>;
  /**
   * Asked when a batch appends nothing (no expected revision then catches a stale state): false
   * when the state was not the stream's latest, and the batch is loaded and decided again.
   */
  confirm?: (loaded: Loaded<S>) => Promise<boolean>;
  /** Sees the decisions before they are stored (the runner notes the tickets that leave). */
  decided?: (before: S, outcomes: BatchOutcome<S, E>[]) => void;
  /** The stored form of the batch's events, and what to release once the append is over. */
  seal?: (events: NewEvent[]) => Promise<{ events: NewEvent[]; release?: () => void }>;
  /** After each append: the state and revision the stream is now at. */
  appended?: (now: Loaded<S>, result: AppendResult) => void;
  /** After a failed append (any cause): a state kept aside is no longer to be trusted. */
  failed?: (err: unknown) => void;
  /** Before a retry after a concurrent append (a pause that grows with the attempt). */
  pause?: (attempt: number) => Promise<unknown>;
  /** How many times to load and decide again after a concurrent append (default 5). */
  retries?: number;
  /** Maps a failure of the append for good (as `HandleOptions.onAppendError`), for every command of the batch. */
  onAppendError?: (err: unknown) => unknown;
  /** A decide that threw something other than a refusal (the caller logs it); the command is refused with it all the same. */
  onDecideError?: (err: unknown, command: C) => void;
  /** Times each append, in nanoseconds. */
  observeAppend?: (nanoseconds: number) => void;
}

/**
 * Each command of a batch decided alone on the state its predecessors left, by the shared
 * step; a refusal stays with its command and the state goes on from the one before it.
 */
export function decideAll<C, S, E extends DomainEvent>(
  decider: Pick<Decider<C, S, E>, 'decide' | 'evolve'>,
  start: S,
  commands: readonly C[],
  onError?: (err: unknown, command: C) => void,
): BatchOutcome<S, E>[] {
  let state = start;
  return commands.map((command) => {
    try {
      const step = decideStep(decider, command, state);
      state = step.state;
      return { ok: true as const, events: step.events, state };
    } catch (error) {
      onError?.(error, command);
      return { ok: false as const, error, state };
    }
  });
}

const expectedOf = (revision: number | null) => (revision === null ? ('no_stream' as const) : revision);

/**
 * The one way a command reaches the store: load the state (origin, the stream, what runs
 * alongside), decide and fold (decideStep), append at the revision the decision was taken on,
 * and on a concurrent append start again from the newer state. The event store runs the inline
 * projections in the append's transaction, so read models are current when this returns.
 * Domain errors thrown by decide propagate untouched.
 */
export class CommandHandler {
  constructor(protected readonly store: EventStore) {}

  async load<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, hooks: LoadHooks<E> = {}): Promise<Loaded<S>> {
    const history = await this.store.readStream(streamId);
    const others = hooks.alongside ? await hooks.alongside() : [];
    const records = others.length ? [...history, ...others].sort((a, b) => a.position - b.position) : history;
    const own = hooks.open ? await Promise.all(records.map(hooks.open)) : records.map(plain<E>);
    // The origin always comes first: the stream's own events continue it, never replace it.
    const origin = hooks.origin ? await hooks.origin() : [];
    return { state: fold(decider, [...origin, ...own]), revision: history.length ? history[history.length - 1].revision : null };
  }

  /** The decision without the append: a dry run that validates before touching another context. */
  async check<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, command: C, hooks: LoadHooks<E> = {}): Promise<E[]> {
    const { state } = await this.load(decider, streamId, hooks);
    return decideStep(decider, command, state).events;
  }

  async handle<C, S, E extends DomainEvent>(decider: Decider<C, S, E>, streamId: string, command: C, options: HandleOptions<E>): Promise<HandleResult<S, E>> {
    const { origin, alongside, open, seal, onAppendError, fresh, retries = 5, ...append } = options;
    for (let attempt = 0; ; attempt++) {
      const loaded: Loaded<S> =
        fresh && attempt === 0
          ? { state: fold(decider, origin ? await origin() : []), revision: null }
          : await this.load(decider, streamId, { origin, alongside, open });
      const { events, state } = decideStep(decider, command, loaded.state);
      if (events.length === 0) return { state, events, revision: loaded.revision };
      const stored = seal ? await Promise.all(events.map(seal)) : (events as NewEvent[]);
      try {
        const appended = await this.store.append(streamId, stored, { ...append, expectedRevision: expectedOf(loaded.revision) });
        return { state, events, revision: appended.nextExpectedRevision, appended };
      } catch (err) {
        if (err instanceof WrongExpectedVersion && attempt < retries) continue;
        const mapped = onAppendError ? await onAppendError(err) : undefined;
        throw mapped ?? err;
      }
    }
  }

  /**
   * Many commands on one stream in one append (the queue runner's mailbox): each decided alone
   * by `decideAll`, their events appended together at the revision the batch was decided on, each
   * event with its command's actor. A concurrent append loads and decides the batch again; an
   * append the store refuses otherwise is retried one command at a time, so that only the
   * command that caused it is refused. Never throws: every command answers in its outcome.
   */
  async handleBatch<C, S, E extends DomainEvent>(
    decider: Decider<C, S, E>,
    streamId: string,
    items: readonly BatchItem<C>[],
    options: BatchOptions<S, E, C>,
  ): Promise<BatchOutcome<S, E>[]> {
    const { retries = 5 } = options;
    const refuseAll = (error: unknown, state: S) => items.map((): BatchOutcome<S, E> => ({ ok: false, error, state }));
    for (let attempt = 0; ; attempt++) {
      let loaded: Loaded<S>;
      try {
        loaded = options.load ? await options.load() : await this.load(decider, streamId);
      } catch (err) {
        return refuseAll(err, decider.initialState());
      }
      const outcomes = decideAll(
        decider,
        loaded.state,
        items.map((i) => i.command),
        options.onDecideError,
      );
      const events = outcomes.flatMap((d, i) => (d.ok ? d.events.map((e) => ({ ...e, actor: items[i].actor }) as NewEvent) : []));
      if (!events.length) {
        try {
          if (options.confirm && attempt < retries && !(await options.confirm(loaded))) continue;
        } catch (err) {
          return refuseAll(err, loaded.state);
        }
        return outcomes;
      }
      options.decided?.(loaded.state, outcomes);
      let sealed: { events: NewEvent[]; release?: () => void };
      try {
        sealed = options.seal ? await options.seal(events) : { events };
      } catch (err) {
        return refuseAll(err, loaded.state);
      }
      try {
        const t0 = process.hrtime.bigint();
        const result = await this.store
          .append(streamId, sealed.events, { tenantId: options.tenantId, actor: items[0].actor, expectedRevision: expectedOf(loaded.revision) })
          .finally(sealed.release);
        options.observeAppend?.(Math.max(1, Number(process.hrtime.bigint() - t0)));
        options.appended?.({ state: outcomes[outcomes.length - 1].state, revision: result.nextExpectedRevision }, result);
        return outcomes;
      } catch (err) {
        options.failed?.(err);
        if (err instanceof WrongExpectedVersion && attempt < retries) {
          await options.pause?.(attempt);
          continue;
        }
        if (!(err instanceof WrongExpectedVersion) && items.length > 1) {
          const alone: BatchOutcome<S, E>[] = [];
          for (const item of items) alone.push(...(await this.handleBatch(decider, streamId, [item], options)));
          return alone;
        }
        const mapped = options.onAppendError ? options.onAppendError(err) : undefined;
        return refuseAll(mapped ?? err, loaded.state);
      }
    }
  }
}
