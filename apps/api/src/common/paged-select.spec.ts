import { CompiledQuery, DatabaseConnection, Driver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, QueryResult, sql } from 'kysely';
import { selectPage, selectRawPage } from './paged-select';
import { pageRequest } from './paging';

/** A database that answers the count query with `total` and any other with `rows`, keeping the SQL it was sent. */
function fakeDb(total: number, rows: Record<string, unknown>[]) {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      sent.push(q);
      return { rows: (/count\(\*\)/.test(q.sql) ? [{ total: String(total) }] : rows) as R[] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<{ items: { id: string; name: string; tenant_id: string } }>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

describe('selectPage', () => {
  const rows = [
    { id: 'a', name: 'Anna' },
    { id: 'b', name: 'Bilal' },
  ];

  it('counts the filtered rows once and reads one page of them', async () => {
    const { db, sent } = fakeDb(42, rows);
    const base = db.selectFrom('items').where('tenant_id', '=', 't1');
    const page = await selectPage(base, (b) => b.select(['id', 'name']).orderBy('name'), pageRequest({ page: '3', per_page: '2' }));
    expect(page).toEqual({ data: rows, total: 42, page: 3, per_page: 2, last_page: 21 });
    expect(sent.map((q) => q.sql)).toEqual([
      'select count(*) as "total" from "items" where "tenant_id" = $1',
      'select "id", "name" from "items" where "tenant_id" = $1 order by "name" limit $2 offset $3',
    ]);
    expect(sent[1].parameters).toEqual(['t1', 2, 4]);
  });

  it('reads every row without a limit when pagination is off', async () => {
    const { db, sent } = fakeDb(2, rows);
    const page = await selectPage(db.selectFrom('items'), (b) => b.select(['id', 'name']), pageRequest({ pagination: 'off' }));
    expect(page).toMatchObject({ total: 2, per_page: null, last_page: 1 });
    expect(sent[1].sql).toBe('select "id", "name" from "items"');
  });

  it('maps each row of the page', async () => {
    const { db } = fakeDb(2, rows);
    const page = await selectPage(
      db.selectFrom('items'),
      (b) => b.select(['id', 'name']),
      pageRequest({}),
      (r) => r.name.toUpperCase(),
    );
    expect(page.data).toEqual(['ANNA', 'BILAL']);
  });
});

describe('selectRawPage', () => {
  it('counts and pages a raw source in its order', async () => {
    const { db, sent } = fakeDb(7, [{ at: 1 }]);
    const page = await selectRawPage(db, sql`SELECT at FROM log WHERE id = ${'d1'}`, sql`at DESC`, pageRequest({ page: '2', per_page: '5' }));
    expect(page).toEqual({ data: [{ at: 1 }], total: 7, page: 2, per_page: 5, last_page: 2 });
    expect(sent[0].sql).toBe('SELECT count(*) AS total FROM (SELECT at FROM log WHERE id = $1) AS page_source');
    expect(sent[1].sql.replace(/\s+/g, ' ').trim()).toBe('SELECT * FROM (SELECT at FROM log WHERE id = $1) AS page_source ORDER BY at DESC LIMIT $2 OFFSET $3');
    expect(sent[1].parameters).toEqual(['d1', 5, 5]);
  });

  it('stops an unpaged read at the cap', async () => {
    const { db, sent } = fakeDb(1, []);
    const page = await selectRawPage(db, sql`SELECT 1`, sql`1`, pageRequest({ pagination: 'off' }), { cap: 10_000 });
    expect(page.per_page).toBeNull();
    expect(sent[1].parameters).toEqual([10_000, 0]);
  });
});
