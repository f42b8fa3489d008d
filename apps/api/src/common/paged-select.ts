import { sql, type QueryExecutorProvider, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { paged, type PageRequest, type Paged } from './paging';

/**
 * The row query as paged here: any select (joined or not) of rows O. Only O is read from it, so
 * the tables a join adds are the query's own business, not inferred through this signature.
 */
interface PageQuery<O> {
  limit(limit: number): PageQuery<O>;
  offset(offset: number): PageQuery<O>;
  execute(): Promise<O[]>;
}

/**
 * One page of a filtered Kysely query: `rows` adds the columns and the order to `base` (and may
 * join what only the page's rows need), the page's limit and offset are added here, and the
 * total is one `count(*)` over `base` (same filters, no order, no page).
 */
export async function selectPage<DB, TB extends keyof DB, O, T = O>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (base: SelectQueryBuilder<DB, TB, object>) => PageQuery<O>,
  page: PageRequest,
  map?: (row: O) => T,
): Promise<Paged<T>> {
  const counted = await base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  let query = rows(base);
  if (page.limit !== null) query = query.limit(page.limit).offset(page.offset);
  const found = await query.execute();
  return paged(map ? found.map(map) : (found as unknown as T[]), Number((counted as { total: string }).total), page);
}

/**
 * One page of a raw SQL `source` (a whole SELECT, e.g. a UNION), sorted by `orderBy`; `cap`
 * bounds an unpaged (pagination=off) read where the source may be very long.
 */
export async function selectRawPage<R>(
  db: QueryExecutorProvider,
  source: RawBuilder<unknown>,
  orderBy: RawBuilder<unknown>,
  page: PageRequest,
  opts: { cap?: number } = {},
): Promise<Paged<R>> {
  const limit = page.limit ?? opts.cap ?? null;
  const window = limit === null ? sql`` : sql`LIMIT ${limit} OFFSET ${page.offset}`;
  const counted = await sql<{ total: string }>`SELECT count(*) AS total FROM (${source}) AS page_source`.execute(db);
  const found = await sql<R>`SELECT * FROM (${source}) AS page_source ORDER BY ${orderBy} ${window}`.execute(db);
  return paged(found.rows, Number(counted.rows[0].total), page);
}
