import { BatchOutcome, CommandHandler, Decider, DomainEvent, isUniqueViolation, uniqueViolation } from './decider';
import { WrongExpectedVersion } from './errors';
import type { AppendOptions, AppendResult, EventStore, NewEvent, RecordedEvent } from './types';

/** A counter that refuses to go above a limit: enough to see every hook act on the state. */
type Cmd = { type: 'Add'; by: number } | { type: 'Nothing' };
type Ev = DomainEvent<'Added', { by: number; secret?: string }>;
const counter: Decider<Cmd, number, Ev> = {
  initialState: () => 0,
  evolve: (n, e) => n + e.data.by,
  decide: (c, n) => {
    if (c.type === 'Nothing') return [];
    if (n + c.by > 10) throw Object.assign(new Error('too much'), { code: 'limit' });
    return [{ type: 'Added', data: { by: c.by } }];
  },
};

const actor = { type: 'system' as const, name: 'test' };

/** The EventStore port in memory, with the expected-revision check and a hook before each append. */
class MemoryStore implements EventStore {
  streams = new Map<string, RecordedEvent[]>();
  position = 0;
  appends: { streamId: string; events: NewEvent[]; options: AppendOptions }[] = [];
  beforeAppend?: () => void;
  appendsTried = 0;
  lastTried?: NewEvent[];

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    this.beforeAppend?.();
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length ? stream.length - 1 : null;
    const expected = options.expectedRevision;
    if ((expected === 'no_stream' && current !== null) || (typeof expected === 'number' && expected !== current)) {
      throw new WrongExpectedVersion(streamId, expected ?? 'any', current);
    }
    this.appends.push({ streamId, events, options });
    const recorded = events.map((e, i) => this.record(streamId, stream.length + i, e, options));
    this.streams.set(streamId, [...stream, ...recorded]);
    return { nextExpectedRevision: stream.length + events.length - 1, position: this.position, events: recorded };
  }

  record(streamId: string, revision: number, e: NewEvent, options: Pick<AppendOptions, 'tenantId' | 'actor'>): RecordedEvent {
    return {
      position: ++this.position,
      streamId,
      revision,
      category: streamId.split('-')[0],
      tenantId: options.tenantId,
      eventId: `e${this.position}`,
      type: e.type,
      data: e.data,
      metadata: { tenantId: options.tenantId, actor: options.actor, schemaVersion: 1 },
      recordedAt: new Date(0),
    };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.streams.get(streamId) ?? [];
  }
  async readAll(): Promise<RecordedEvent[]> {
    return [...this.streams.values()].flat().sort((a, b) => a.position - b.position);
  }
  async streamRevision(streamId: string): Promise<number | null> {
    const s = this.streams.get(streamId);
    return s?.length ? s.length - 1 : null;
  }
  async headPosition(): Promise<number> {
    return this.position;
  }
}

describe('CommandHandler', () => {
  let store: MemoryStore;
  let handler: CommandHandler;
  beforeEach(() => {
    store = new MemoryStore();
    handler = new CommandHandler(store);
  });

  it('appends a new stream at no_stream and an existing one at its last revision, with the tenant and actor', async () => {
    const first = await handler.handle(counter, 'counter-1', { type: 'Add', by: 2 }, { tenantId: 't1', actor });
    expect(first).toMatchObject({ state: 2, events: [{ type: 'Added', data: { by: 2 } }], revision: 0 });
    const second = await handler.handle(counter, 'counter-1', { type: 'Add', by: 3 }, { tenantId: 't1', actor });
    expect(second.state).toBe(5);
    expect(second.revision).toBe(1);
    expect(store.appends.map((a) => a.options.expectedRevision)).toEqual(['no_stream', 0]);
    expect(store.appends[1].options).toMatchObject({ tenantId: 't1', actor });
    expect(second.appended?.events).toHaveLength(1);
  });

  it('appends nothing when the decision is empty and answers the state it was taken on', async () => {
    await handler.handle(counter, 'counter-1', { type: 'Add', by: 4 }, { tenantId: 't1', actor });
    const result = await handler.handle(counter, 'counter-1', { type: 'Nothing' }, { tenantId: 't1', actor });
    expect(result).toEqual({ state: 4, events: [], revision: 0 });
    expect(store.appends).toHaveLength(1);
  });

  it('lets a refusal from decide propagate untouched and appends nothing', async () => {
    await expect(handler.handle(counter, 'counter-1', { type: 'Add', by: 11 }, { tenantId: 't1', actor })).rejects.toMatchObject({ code: 'limit' });
    expect(store.appends).toHaveLength(0);
  });

  it('re-reads and re-decides after a concurrent append, on the newer state', async () => {
    let raced = false;
    store.beforeAppend = () => {
      if (raced) return;
      raced = true;
      store.streams.set('counter-1', [store.record('counter-1', 0, { type: 'Added', data: { by: 9 } }, { tenantId: 't1', actor })]);
    };
    // Decided on 0 the first time (accepted), on 9 the second: the limit now refuses it.
    await expect(handler.handle(counter, 'counter-1', { type: 'Add', by: 2 }, { tenantId: 't1', actor })).rejects.toMatchObject({ code: 'limit' });
    store.beforeAppend = undefined;
    const ok = await handler.handle(counter, 'counter-1', { type: 'Add', by: 1 }, { tenantId: 't1', actor });
    expect(ok.state).toBe(10);
  });

  it('gives up after `retries` concurrent appends with WrongExpectedVersion', async () => {
    let attempts = 0;
    store.beforeAppend = () => {
      attempts++;
      throw new WrongExpectedVersion('counter-1', 'no_stream', 0);
    };
    await expect(handler.handle(counter, 'counter-1', { type: 'Add', by: 1 }, { tenantId: 't1', actor, retries: 2 })).rejects.toBeInstanceOf(
      WrongExpectedVersion,
    );
    expect(attempts).toBe(3);
  });

  it('folds the origin first, then the stream and what runs alongside in position order', async () => {
    const seen: number[] = [];
    const tracing: Decider<Cmd, number, Ev> = { ...counter, evolve: (n, e) => (seen.push(e.data.by), n + e.data.by) };
    await store.append('counter-1', [{ type: 'Added', data: { by: 1 } }], { tenantId: 't1', actor });
    await store.append('other-1', [{ type: 'Added', data: { by: 2 } }], { tenantId: 't1', actor });
    await store.append('counter-1', [{ type: 'Added', data: { by: 3 } }], { tenantId: 't1', actor, expectedRevision: 0 });
    const result = await handler.handle(
      tracing,
      'counter-1',
      { type: 'Add', by: 0 },
      {
        tenantId: 't1',
        actor,
        origin: async (): Promise<Ev[]> => [{ type: 'Added', data: { by: 4 } }],
        alongside: () => store.readStream('other-1'),
      },
    );
    expect(seen.slice(0, 4)).toEqual([4, 1, 2, 3]);
    expect(result.state).toBe(10);
    // The revision is the stream's own, not the events folded alongside.
    expect(store.appends[store.appends.length - 1].options.expectedRevision).toBe(1);
  });

  it('opens stored events on read and seals new ones before the append', async () => {
    const hooks = {
      open: (e: RecordedEvent): Ev => ({ type: 'Added', data: { by: Number((e.data as { sealed: string }).sealed.slice(1)) } }),
      seal: (e: Ev): NewEvent => ({ type: e.type, data: { sealed: `x${e.data.by}` } }),
    };
    await handler.handle(counter, 'counter-1', { type: 'Add', by: 3 }, { tenantId: 't1', actor, ...hooks });
    const result = await handler.handle(counter, 'counter-1', { type: 'Add', by: 4 }, { tenantId: 't1', actor, ...hooks });
    expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([{ sealed: 'x3' }, { sealed: 'x4' }]);
    expect(result.state).toBe(7);
    expect(result.events).toEqual([{ type: 'Added', data: { by: 4 } }]);
  });

  it('skips the read when the stream is fresh, and a stream that exists after all refuses the append', async () => {
    const read = jest.spyOn(store, 'readStream');
    await handler.handle(counter, 'counter-1', { type: 'Add', by: 1 }, { tenantId: 't1', actor, fresh: true });
    expect(read).not.toHaveBeenCalled();
    store.beforeAppend = () => {
      throw new WrongExpectedVersion('counter-1', 'no_stream', 0);
    };
    await expect(handler.handle(counter, 'counter-1', { type: 'Add', by: 1 }, { tenantId: 't1', actor, fresh: true, retries: 0 })).rejects.toBeInstanceOf(
      WrongExpectedVersion,
    );
  });

  it('maps an append error through onAppendError, and rethrows it when the hook answers nothing', async () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "things_code"'), { code: '23505', constraint: 'things_code' });
    store.beforeAppend = () => {
      throw duplicate;
    };
    const mapped = { code: 'duplicate_code', status: 422 };
    await expect(
      handler.handle(counter, 'counter-1', { type: 'Add', by: 1 }, { tenantId: 't1', actor, onAppendError: uniqueViolation(/things_code/, () => mapped) }),
    ).rejects.toBe(mapped);
    await expect(
      handler.handle(counter, 'counter-1', { type: 'Add', by: 1 }, { tenantId: 't1', actor, onAppendError: uniqueViolation(/other/, () => mapped) }),
    ).rejects.toBe(duplicate);
    expect(isUniqueViolation({ code: '23505', message: 'unique constraint "users_email_lower"' }, /users_email_lower/)).toBe(true);
    expect(isUniqueViolation({ code: '23503', constraint: 'things_code' }, /things_code/)).toBe(false);
  });

  it('check decides on the loaded state without appending', async () => {
    await handler.handle(counter, 'counter-1', { type: 'Add', by: 9 }, { tenantId: 't1', actor });
    await expect(handler.check(counter, 'counter-1', { type: 'Add', by: 2 })).rejects.toMatchObject({ code: 'limit' });
    expect(await handler.check(counter, 'counter-1', { type: 'Add', by: 1 })).toEqual([{ type: 'Added', data: { by: 1 } }]);
    expect(store.appends).toHaveLength(1);
  });

  describe('handleBatch', () => {
    const other = { type: 'user' as const, id: 'u2', name: 'Other' };
    const items = (...bys: number[]) => bys.map((by, i) => ({ command: { type: 'Add' as const, by }, actor: i % 2 ? other : actor }));
    const oks = (outcomes: BatchOutcome<number, Ev>[]) => outcomes.map((o) => (o.ok ? o.state : 'refused'));

    it('decides each command on the state the one before left, refuses one alone and appends the rest once, each event with its actor', async () => {
      const outcomes = await handler.handleBatch(counter, 'counter-1', items(4, 9, 5), { tenantId: 't1' });
      expect(oks(outcomes)).toEqual([4, 'refused', 9]);
      expect(outcomes[1]).toMatchObject({ ok: false, error: { code: 'limit' } });
      expect(store.appends).toHaveLength(1);
      expect(store.appends[0].events.map((e) => [e.data, e.actor])).toEqual([
        [{ by: 4 }, actor],
        [{ by: 5 }, actor],
      ]);
      expect(store.appends[0].options).toMatchObject({ tenantId: 't1', actor, expectedRevision: 'no_stream' });
    });

    it('after a concurrent append pauses, loads and decides the batch again; exhausted, every command answers the mapped error', async () => {
      const pauses: number[] = [];
      store.beforeAppend = () => {
        if (pauses.length) return;
        store.streams.set('counter-1', [store.record('counter-1', 0, { type: 'Added', data: { by: 5 } }, { tenantId: 't1', actor })]);
      };
      const again = await handler.handleBatch(counter, 'counter-1', items(1, 1), { tenantId: 't1', pause: async (n) => void pauses.push(n) });
      expect(oks(again)).toEqual([6, 7]);
      expect(pauses).toEqual([0]);

      const busy = new Error('busy');
      store.beforeAppend = () => {
        throw new WrongExpectedVersion('counter-1', 1, 2);
      };
      const failed: unknown[] = [];
      const refused = await handler.handleBatch(counter, 'counter-1', items(1, 1), {
        tenantId: 't1',
        retries: 2,
        failed: (err) => failed.push(err),
        onAppendError: (err) => (err instanceof WrongExpectedVersion ? busy : undefined),
      });
      expect(refused.map((o) => !o.ok && o.error)).toEqual([busy, busy]);
      expect(failed).toHaveLength(3);
    });

    it('retries a batch the store refuses one command at a time, so only the command that caused it is refused', async () => {
      const bad = Object.assign(new Error('bad text'), { code: '22021' });
      store.beforeAppend = () => {
        if (store.appendsTried++ === 0 || store.lastTried?.some((e) => (e.data as { by: number }).by === 3)) throw bad;
      };
      const original = store.append.bind(store);
      store.append = (streamId, events, options) => {
        store.lastTried = events;
        return original(streamId, events, options);
      };
      const outcomes = await handler.handleBatch(counter, 'counter-1', items(1, 3, 2), { tenantId: 't1' });
      expect(outcomes.map((o) => (o.ok ? o.state : o.error))).toEqual([1, bad, 3]);
      expect(store.appends.map((a) => a.events.length)).toEqual([1, 1]);
    });

    it('asks confirm when nothing is appended, and decides again on a fresh load when the state was stale', async () => {
      let loads = 0;
      const stale = { state: 0, revision: null };
      const outcomes = await handler.handleBatch(counter, 'counter-1', [{ command: { type: 'Nothing' }, actor }], {
        tenantId: 't1',
        load: async () => (loads++ ? { state: 3, revision: 2 } : stale),
        confirm: async (loaded) => loaded !== stale,
      });
      expect(loads).toBe(2);
      expect(outcomes).toEqual([{ ok: true, events: [], state: 3 }]);
      expect(store.appends).toHaveLength(0);
    });
  });
});
