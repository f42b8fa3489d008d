import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestApp, TestApp } from './support/app';
import { auth, LoggedIn, login, registerBusiness } from './support/fixtures';
import { fillPath, listRoutes, RouteInfo } from './support/routes';

/** Calls that end the caller's own session or business: exercised by their own tests. */
const SELF_ENDING = new Set(['POST /business/account/logout', 'DELETE /business/delete', 'DELETE /business/history/delete']);

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'null', '<script>', "' OR 1=1 --", '../../etc/passwd', '\u0000', 'x'.repeat(5000)),
  fc.array(fc.string(), { maxLength: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 6 }),
  fc.dictionary(fc.constantFrom('email', 'password', 'name', 'id', 'page', 'date', 'start', 'end', 'price', 'duration', 'lat', 'lng', 'terms', 'position', 'type', 'services'), junk, { maxKeys: 8 }),
  fc.array(junk, { maxLength: 3 }),
  junk,
);
const pathValue = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('0', '-1', '9999999999999999999', 'null', '%', '..'));
const query = fc.dictionary(fc.constantFrom('page', 'pagination', 'per_page', 'q', 'sort', 'order', 'from', 'to', 'type', 'lang'), fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-1', '0', 'off', 'abc', '99999999999')), { maxKeys: 3 });

describe('bad input at every call', () => {
  let t: TestApp;
  let owner: LoggedIn;
  let routes: RouteInfo[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t);
    routes = listRoutes(t.app).filter((r) => !SELF_ENDING.has(`${r.method} ${r.path}`));
  });
  afterAll(() => t.close());

  const head = async () => Number((await sql<{ position: string }>`SELECT position FROM es_head`.execute(t.database.db)).rows[0].position);

  it('covers the API', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('answers malformed bodies, ids and query strings with a 4xx and a message, never a 500, and writes nothing', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...(route.params.length ? route.params : ['_'])), pathValue), query, body, async (params, q, b) => {
          const before = await head();
          const url = fillPath(route.path, params);
          let req = t.http()[route.method.toLowerCase() as 'get'](url).query(q).set(auth(owner.token)).set('Accept', 'application/json');
          if (route.method !== 'GET') req = req.send(b as object);
          const res = await req;
          if (res.status === 401) owner = await login(t, owner.email, 'Str0ng!Pass');
          const ok = res.status < 500 && (res.status < 400 || (typeof res.body?.message === 'string' && res.body.message.length > 0));
          const wrote = res.status >= 400 && (await head()) !== before;
          if (!ok || wrote) failures.push(`${route.method} ${url} ${JSON.stringify(b)?.slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}${wrote ? ' (wrote events)' : ''}`);
          return ok && !wrote;
        }),
        { numRuns: Number(process.env.BAD_INPUT_RUNS ?? 12), seed: Number(process.env.FC_SEED ?? 20261122), endOnFailure: true },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
  });
});
