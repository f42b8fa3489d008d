import { createHistogram, RecordableHistogram } from 'node:perf_hooks';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Actor, BatchOutcome, fold, PgEventStore, WrongExpectedVersion } from '@tabour/eventstore';
import { conflict, DomainError } from '@tabour/platform';
import { Map as IMap } from 'immutable';
import { LEAVING, QueueCommand, queueDecider, QueueEvent, QueueState, queueStream, Ticket } from '@tabour/queues';
import { Commands } from '../common/commands';
import { EVENT_STORE } from '../common/tokens';
import { QueueSealing } from './sealing';
import { SnapshotStore } from './snapshots';

export interface Outcome {
  events: QueueEvent[];
  /** The queue as it stood right after this command. */
  state: QueueState;
}

interface Pending {
  command: QueueCommand;
  actor: Actor;
  /** When it was submitted (process.hrtime), for the time it waited in the mailbox. */
  at: bigint;
  resolve: (o: Outcome) => void;
  reject: (e: unknown) => void;
}

interface Entry {
  state: QueueState;
  revision: number | null;
  snapshotRevision: number;
}

const SNAPSHOT_KIND = 'queue';
/**
 * Bump when QueueState changes shape: older snapshots are then ignored. 2: tickets as a persistent map; 3: the urgent count;
 * 4: names sealed with their tickets' keys.
 */
export const SNAPSHOT_VERSION = 4;

/** A snapshot is JSON: the persistent map of tickets comes back from a plain object. */
const fromSnapshot = (raw: QueueState): QueueState => ({ ...raw, tickets: IMap<string, Ticket>(raw.tickets as unknown as Record<string, Ticket>) });
const SNAPSHOT_EVERY = 1000;
const MAX_BATCH = 200;
const CACHE_LIMIT = 2000;
const RETRIES = 8;
/**
 * Before a retry after another process appended to the queue: a random pause, growing with each
 * attempt, so that API instances contending for one queue stop colliding in step (within one
 * process, the mailbox already batches them).
 */
const retryPause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** Math.min(attempt, 5)));
const LOAD_PAGE = 5000;
const ONE_COUNTER_PER_MEMBER = 'queue_counters_one_per_member';

const isOneCounterViolation = (err: unknown) =>
  (err as { code?: string; constraint?: string })?.code === '23505' && (err as { constraint?: string }).constraint === ONE_COUNTER_PER_MEMBER;

/**
 * Runs queue commands one queue at a time. A queue is one stream, so its commands must be
 * decided in order; instead of each caller loading, deciding and racing to append, the
 * commands that arrive while an append is under way wait in the queue's mailbox and go
 * together in the next append: 50 agents calling next at once cost a few transactions, not
 * 50 retries. Each command is still decided alone, on the state its predecessors left, and
 * fails alone. The last committed state stays in memory; an append by another process shows
 * up as a wrong expected revision, and the queue is then reloaded and the batch decided again.
 */
@Injectable()
export class QueueRunner {
  private readonly log = new Logger('queue-runner');
  private readonly cache = new Map<string, Entry>();
  private readonly mailboxes = new Map<string, Pending[]>();
  private readonly draining = new Set<string>();
  /** Ticket uids that left each queue since its last change notice, so their pages hear of it. */
  private readonly leftUids = new Map<string, Set<string>>();
  private readonly arrivedUids = new Map<string, Set<string>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
    private readonly commands: Commands,
    private readonly snapshots: SnapshotStore,
    private readonly pii: QueueSealing,
  ) {}

  /**
   * Where a command's time goes inside this process, by phase (nanoseconds): waiting in the
   * mailbox for the append before it, sealing, the append's transaction. Recording costs tens of
   * nanoseconds; the bench reads it to tell a slow call's cause from the machine's noise.
   */
  private readonly phases = { mailbox: createHistogram(), seal: createHistogram(), append: createHistogram(), batch: createHistogram() };

  /** The phases' percentiles in milliseconds since the last call, which starts them afresh. */
  timings(): Record<keyof QueueRunner['phases'], { p50: number; p99: number; max: number; count: number }> {
    const out = {} as ReturnType<QueueRunner['timings']>;
    for (const [name, h] of Object.entries(this.phases) as [keyof QueueRunner['phases'], RecordableHistogram][]) {
      const scale = name === 'batch' ? 1 : 1e6;
      out[name] = {
        p50: h.count ? h.percentile(50) / scale : 0,
        p99: h.count ? h.percentile(99) / scale : 0,
        max: h.count ? h.max / scale : 0,
        count: h.count,
      };
      h.reset();
    }
    return out;
  }

  submit(command: QueueCommand, actor: Actor): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      const q = command.queue_id;
      const box = this.mailboxes.get(q) ?? [];
      box.push({ command, actor, resolve, reject, at: process.hrtime.bigint() });
      this.mailboxes.set(q, box);
      if (!this.draining.has(q)) void this.drain(q);
    });
  }

  /** The queue's current state, from memory when this process has it. */
  async state(queueId: string): Promise<QueueState> {
    return (await this.entry(queueId)).state;
  }

  /** The state in memory, if this process holds it; never loads. */
  peek(queueId: string): QueueState | undefined {
    return this.cache.get(queueId)?.state;
  }

  /**
   * Uids of the tickets that left the queue or came into it since the last call: their pages
   * are told by their own rooms (the queue's ticket-pages room reaches those still in it).
   */
  movedUids(queueId: string): { left: string[]; arrived: string[] } {
    const left = [...(this.leftUids.get(queueId) ?? [])];
    const arrived = [...(this.arrivedUids.get(queueId) ?? [])];
    this.leftUids.delete(queueId);
    this.arrivedUids.delete(queueId);
    return { left, arrived };
  }

  /** Forgets a queue's state, e.g. after a rebuild or in tests. */
  forget(queueId?: string): void {
    if (queueId) this.cache.delete(queueId);
    else this.cache.clear();
    this.pii.forgetQueue(queueId);
  }

  private async drain(q: string): Promise<void> {
    this.draining.add(q);
    try {
      for (;;) {
        const box = this.mailboxes.get(q);
        if (!box?.length) break;
        const batch = box.splice(0, MAX_BATCH);
        await this.runBatch(q, batch);
      }
    } finally {
      this.draining.delete(q);
      this.mailboxes.delete(q);
      // A command that arrived between the last check and now starts its own drain.
    }
  }

  /**
   * One append for the batch through the command gateway's batch step (each command decided
   * alone by the shared decideStep, a concurrent append decided again after a pause, a refused
   * append retried one command at a time); what is the runner's own is its hooks: the state kept
   * in memory, the sealing, the phases' timings and the words of a refusal.
   */
  private async runBatch(q: string, batch: Pending[]): Promise<void> {
    const started = process.hrtime.bigint();
    for (const p of batch) this.phases.mailbox.record(Math.max(1, Number(started - p.at)));
    this.phases.batch.record(batch.length);
    const tenantId = batch[0].command.business_id;
    let entry: Entry | undefined;
    let cached = false;
    const outcomes = await this.commands.batch(queueDecider, queueStream(q), batch, {
      tenantId,
      retries: RETRIES,
      load: async () => {
        cached = this.cache.has(q);
        return (entry = await this.entry(q));
      },
      // A refusal or a no-op appends nothing, so no expected revision catches a state cached
      // before another API instance appended (a counter created there, a ticket pushed there):
      // the stream's revision is confirmed before answering.
      confirm: async (loaded) => {
        if (!cached || (await this.store.streamRevision(queueStream(q))) === loaded.revision) return true;
        this.cache.delete(q);
        return false;
      },
      // Known before the append: the change relay announces it the moment it commits.
      decided: (before, decided) => this.noteLeaving(q, before, decided),
      seal: async (events) => {
        // Names and notes go into the log sealed with their tickets' keys (docs/queues.md).
        const t0 = process.hrtime.bigint();
        const sealed = await this.pii.sealBatch(tenantId, events);
        this.phases.seal.record(Math.max(1, Number(process.hrtime.bigint() - t0)));
        return sealed;
      },
      observeAppend: (ns) => this.phases.append.record(ns),
      appended: ({ state, revision }) => this.remember(q, { state, revision, snapshotRevision: entry!.snapshotRevision }),
      failed: () => this.cache.delete(q),
      pause: retryPause,
      onAppendError: (err) => this.refusal(q, err),
      onDecideError: (err, command) => {
        if (!(err instanceof DomainError)) this.log.error(`deciding ${command.type} failed: ${String(err)}`);
      },
    });
    outcomes.forEach((o, i) => (o.ok ? batch[i].resolve({ events: o.events, state: o.state }) : batch[i].reject(o.error)));
  }

  /** What a caller is told when the append fails for good; nothing to answer the store's own error. */
  private refusal(q: string, err: unknown): unknown {
    // A member opening a counter while holding one in another queue.
    if (isOneCounterViolation(err)) return conflict('Cannot open counter', 'member_holds_counter');
    if (err instanceof WrongExpectedVersion) return conflict('The queue is busy: try again', 'queue_busy');
    // Bad input the database refuses (class 22: a NUL in a text…) is the caller's 400, not a fault.
    if (!String((err as { code?: string })?.code ?? '').startsWith('22')) this.log.error(`append to queue ${q} failed: ${String(err)}`);
    return undefined;
  }

  private noteLeaving(q: string, before: QueueState, decided: BatchOutcome<QueueState, QueueEvent>[]): void {
    for (const d of decided) {
      if (!d.ok) continue;
      for (const e of d.events) {
        if (e.type === 'TicketRedirectedIn') (this.arrivedUids.get(q) ?? this.arrivedUids.set(q, new Set()).get(q)!).add(e.data.ticket.uid);
        if (!(e.type in LEAVING)) continue;
        const id = (e.data as { ticket_id: string }).ticket_id;
        const uid = before.tickets.get(id)?.uid ?? d.state.tickets.get(id)?.uid;
        if (uid) (this.leftUids.get(q) ?? this.leftUids.set(q, new Set()).get(q)!).add(uid);
      }
    }
  }

  private async entry(q: string): Promise<Entry> {
    const hit = this.cache.get(q);
    if (hit) {
      // Most recently used last, so the eviction below drops the coldest queue.
      this.cache.delete(q);
      this.cache.set(q, hit);
      return hit;
    }
    const entry = await this.load(q);
    this.remember(q, entry);
    return entry;
  }

  /** The last snapshot and the events after it: the cost follows the events since the snapshot, not the history. */
  async load(q: string): Promise<Entry> {
    const stream = queueStream(q);
    const snap = await this.snapshots.read<QueueState>(stream, SNAPSHOT_KIND, SNAPSHOT_VERSION);
    let state = snap ? fromSnapshot(await this.pii.openState(snap.state)) : fold(queueDecider, []);
    let revision: number | null = snap ? snap.revision : null;
    // In pages, so that a stream never snapshotted (a long history imported) folds in bounded memory.
    for (;;) {
      const page = await this.pii.openAll(await this.store.readStream(stream, { fromRevision: revision === null ? 0 : revision + 1, limit: LOAD_PAGE }));
      for (const e of page) state = queueDecider.evolve(state, { type: e.type, data: e.data } as QueueEvent);
      if (page.length) revision = page[page.length - 1].revision;
      if (page.length < LOAD_PAGE) break;
    }
    return { state, revision, snapshotRevision: snap?.revision ?? -1 };
  }

  private remember(q: string, entry: Entry): void {
    this.cache.set(q, entry);
    if (this.cache.size > CACHE_LIMIT) {
      const coldest = this.cache.keys().next().value!;
      this.cache.delete(coldest);
      this.pii.forgetQueue(coldest);
    }
    if (entry.revision !== null && entry.revision - entry.snapshotRevision >= SNAPSHOT_EVERY) {
      entry.snapshotRevision = entry.revision;
      // Taken after the commit and off the command's path; a lost snapshot only costs a longer load.
      const { state, revision } = entry;
      this.pii
        .sealState(state)
        .then((sealedState) => this.snapshots.write(queueStream(q), SNAPSHOT_KIND, SNAPSHOT_VERSION, { state: sealedState, revision }))
        .catch((err) => this.log.warn(`snapshot of queue ${q} failed: ${String(err)}`));
    }
  }
}
