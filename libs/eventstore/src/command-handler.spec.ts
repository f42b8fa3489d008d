import { CommandHandler, Decider, DomainEvent, handleCommand, isUniqueViolation, uniqueViolation } from './decider';
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

  it('handleCommand runs the same handler over a store', async () => {
    const result = await handleCommand(store, counter, 'counter-2', { type: 'Add', by: 5 }, { tenantId: 't2', actor });
    expect(result).toMatchObject({ state: 5, revision: 0 });
    expect(await store.streamRevision('counter-2')).toBe(0);
  });
});
