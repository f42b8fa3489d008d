import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import type { Database, Db } from '@tabour/platform';
import { businessCalendarSql, businessZoneSql, organisationDb } from './calendar';
import { businessFieldSql } from './directory';

// Compiles queries without a server: what the types allow, and the SQL they make.
const db: Db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe("the organisation's own table", () => {
  it('is out of the type the other contexts read through, and in the organisation’s slice', () => {
    // The compiler refuses the next line (npm run typecheck): business_profiles is not in Db.
    // @ts-expect-error business_profiles is the organisation's alone
    const outside = db.selectFrom('business_profiles').selectAll().compile().sql;
    expect(outside).toBe('select * from "business_profiles"');
    expect(organisationDb(db).selectFrom('business_profiles').select('time_zone').where('tenant_id', '=', 'b').compile().sql).toBe(
      'select "time_zone" from "business_profiles" where "tenant_id" = $1',
    );
  });

  it('is read inside other statements through the calendar’s and directory’s subqueries', () => {
    const q = db
      .selectFrom('departments as d')
      .select([
        businessZoneSql(sql.ref('d.tenant_id')).as('time_zone'),
        businessCalendarSql('b1').as('calendar'),
        businessFieldSql(sql.ref('d.tenant_id'), 'name').as('business_name'),
      ])
      .compile();
    expect(q.sql).toContain('(SELECT bz.time_zone FROM business_profiles bz WHERE bz.tenant_id = "d"."tenant_id")');
    expect(q.sql).toContain('(SELECT "bp"."name" FROM business_profiles bp WHERE bp.tenant_id = "d"."tenant_id")');
    expect(q.parameters).toEqual(['b1']);
    expect(() => businessFieldSql('b1', 'time_zone' as never)).toThrow(/not a profile field/);
  });
});
