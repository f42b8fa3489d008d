import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '@tabour/eventstore';
import { holdKeys, newDataKey, open, seal, type AnyEvent } from '@tabour/privacy';
import { queuePersonalData, QueueState, Ticket } from '@tabour/queues';
import { PersonalKeys } from '../common/personal-keys';

/** A ticket as a snapshot stores it: its name sealed in `pii`. */
type StoredTicket = Ticket & { pii?: string };

const NOTHING = () => undefined;
/** Tickets sealed and serialised between two turns of the event loop. */
const SLICE = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Names sealed ahead per queue between two snapshots, at most (a snapshot comes every 1,000 events). */
const SEALED_AHEAD_MAX = 5000;

/**
 * The queue runner's sealing (docs/queues.md, "Personal data in queue events"): a batch's
 * events sealed at the write boundary with their tickets' keys, opened on every read of the
 * log, and the queue snapshots' names sealed the same way. The keys come from PersonalKeys.
 */
@Injectable()
export class QueueSealing {
  constructor(private readonly keys: PersonalKeys) {}

  /**
   * A queue runner's batch in its stored form. A pushed ticket is new, so its key is made here
   * and stored by the keys projection inside the append's transaction: call next and push pay
   * no round trip for it. Other subjects (a note, a redirect) read or make theirs first.
   * `release` must be called once the append is settled.
   */
  async sealBatch<E extends AnyEvent>(tenantId: string, events: E[]): Promise<{ events: E[]; release: () => void }> {
    const keys = new Map<string, Buffer | null>();
    const fresh = new Set<string>();
    const existing = new Set<string>();
    for (const e of events) {
      const s = queuePersonalData.subject(e);
      if (!s) continue;
      if (e.type === 'TicketPushed') {
        fresh.add(s);
        const key = newDataKey();
        keys.set(s, key);
        this.sealAhead(e.data, key);
      } else existing.add(s);
    }
    if (!keys.size && !existing.size) return { events, release: NOTHING };
    for (const [s, k] of await this.keys.ensure(
      tenantId,
      [...existing].filter((s) => !fresh.has(s)),
    ))
      keys.set(s, k);
    const sealed = events.map((e) => {
      const s = queuePersonalData.subject(e);
      return s ? queuePersonalData.seal(e, keys.get(s) ?? null) : e;
    });
    return { events: sealed, release: holdKeys(tenantId, keys, fresh) };
  }

  /** Stored events opened, a page at a time: one read of the keys it needs. */
  openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.keys.openAll(queuePersonalData, events);
  }

  /**
   * Each ticket's stored JSON as the last snapshot wrote it, kept while the ticket object lives.
   * The state is persistent: a ticket no command changed is the same object at the next
   * snapshot, so only the tickets changed since are serialised again.
   */
  private readonly stored = new WeakMap<Ticket, { json: string; pii?: string }>();
  /**
   * Per queue, each named ticket's name as the last snapshot sealed it: a ticket called or ended
   * since keeps its name, so its seal is reused and its key not read again. Replaced at each
   * snapshot by the tickets it holds. A key destroyed since (an erasure) leaves the name sealed
   * with it, unreadable as before.
   */
  private readonly sealedNames = new Map<string, Map<string, { name: string; pii: string }>>();

  /**
   * A pushed ticket's name sealed for the next snapshot with the key made for it, beside the
   * push's own sealing: a snapshot after a thousand pushes then seals nothing. A push whose
   * append fails leaves an entry for a ticket that never was, gone at the next snapshot.
   */
  private sealAhead(data: unknown, key: Buffer): void {
    const { queue_id, ticket } = data as { queue_id: string; ticket?: { id: string; customer_name?: string | null } };
    if (!ticket?.customer_name) return;
    const names = this.sealedNames.get(queue_id) ?? new Map<string, { name: string; pii: string }>();
    if (names.size >= SEALED_AHEAD_MAX) return;
    names.set(ticket.id, { name: ticket.customer_name, pii: seal(ticket.customer_name, key, ticket.id) });
    this.sealedNames.set(queue_id, names);
  }

  /** Drops what is kept for a queue's next snapshot (the runner no longer holds the queue). */
  forgetQueue(queueId?: string): void {
    if (queueId) this.sealedNames.delete(queueId);
    else this.sealedNames.clear();
  }

  /** The state as a snapshot stores it, as JSON text: each live ticket's name sealed with the ticket's key. */
  async sealState(state: QueueState): Promise<string> {
    const queue = state.queue_id;
    const before = this.sealedNames.get(queue);
    const sealedNow = new Map<string, { name: string; pii: string }>();
    const unsealed = [...state.tickets.values()].filter((t) => t.customer_name != null && !this.stored.has(t) && before?.get(t.id)?.name !== t.customer_name);
    const keys = await this.keys.ensure(
      state.business_id,
      unsealed.map((t) => t.id),
    );
    // Serialised a slice at a time: a thousand tickets sealed in one go held the event loop
    // for tens of milliseconds, and every call in flight meanwhile waited.
    const { tickets: _all, ...rest } = state;
    const parts: string[] = [];
    let n = 0;
    for (const [id, t] of state.tickets) {
      let done = this.stored.get(t);
      if (done === undefined) {
        const form = this.storedForm(t, before?.get(id), keys.get(id));
        done = { json: JSON.stringify(form), pii: form.pii };
        this.stored.set(t, done);
        if (++n % SLICE === 0) await nextTurn();
      }
      if (t.customer_name != null && done.pii) sealedNow.set(id, { name: t.customer_name, pii: done.pii });
      parts.push(`${JSON.stringify(id)}:${done.json}`);
    }
    this.sealedNames.set(queue, sealedNow);
    const head = JSON.stringify(rest);
    return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"tickets":{${parts.join(',')}}}`;
  }

  /** A ticket as a snapshot stores it: its name sealed, with the seal of the same name reused. */
  private storedForm(t: Ticket, last: { name: string; pii: string } | undefined, key: Buffer | null | undefined): StoredTicket {
    if (t.customer_name == null) return t;
    if (last?.name === t.customer_name) return { ...t, customer_name: null, pii: last.pii };
    return key ? { ...t, customer_name: null, pii: seal(t.customer_name, key, t.id) } : { ...t, customer_name: null };
  }

  /** A stored snapshot's state with its names opened (null where the key was destroyed). */
  async openState<S extends { business_id: string; tickets: unknown }>(raw: S): Promise<S> {
    const stored = Object.values((raw.tickets ?? {}) as Record<string, StoredTicket>);
    const sealed = stored.filter((t) => typeof t.pii === 'string');
    if (!sealed.length) return raw;
    const keys = await this.keys.read(
      raw.business_id,
      sealed.map((t) => t.id),
    );
    const tickets: Record<string, Ticket> = {};
    for (const t of stored) {
      const { pii, ...ticket } = t;
      tickets[t.id] = pii === undefined ? ticket : { ...ticket, customer_name: open<string>(pii, keys.get(t.id) ?? null, t.id) };
    }
    return { ...raw, tickets };
  }
}
