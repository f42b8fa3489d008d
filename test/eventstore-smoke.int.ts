import { randomUUID } from 'node:crypto';
import { PgEventStore, WrongExpectedVersion } from '@tabour/eventstore';
import { createTestDatabase, TestDatabase } from './support/db';

describe('event store append (smoke)', () => {
  let t: TestDatabase;
  let store: PgEventStore;
  beforeAll(async () => {
    t = await createTestDatabase();
    store = new PgEventStore(t.db);
  });
  afterAll(() => t.drop());

  it('appends with revisions from 0 and refuses a stale revision', async () => {
    const stream = `smoke-${randomUUID()}`;
    const opts = { tenantId: randomUUID(), actor: { type: 'system' as const } };
    const first = await store.append(stream, [{ type: 'A', data: { n: 1 } }], { ...opts, expectedRevision: 'no_stream' });
    expect(first.nextExpectedRevision).toBe(0);
    const second = await store.append(
      stream,
      [
        { type: 'B', data: {} },
        { type: 'C', data: {} },
      ],
      { ...opts, expectedRevision: 0 },
    );
    expect(second.nextExpectedRevision).toBe(2);
    expect(second.position).toBe(first.position + 2);
    await expect(store.append(stream, [{ type: 'D', data: {} }], { ...opts, expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
  });
});
