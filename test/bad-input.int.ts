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
const FIELDS = [
  'email',
  'password',
  'name',
  'id',
  'page',
  'date',
  'start',
  'end',
  'price',
  'duration',
  'lat',
  'lng',
  'terms',
  'position',
  'type',
  'services',
  'phone',
  'first_name',
  'last_name',
  'notes',
  'counters',
  'translations',
] as const;

/** A raw JSON text, sent as it is: what a parser and the validation meet before any handler. */
class Raw {
  constructor(
    readonly text: string,
    readonly kind: string,
  ) {}
  toString(): string {
    return `${this.kind} (${this.text.length} bytes)`;
  }
}
const nested = fc
  .tuple(fc.integer({ min: 33, max: 3000 }), fc.boolean())
  .map(
    ([levels, arrays]) =>
      new Raw(arrays ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels), `nested ${levels} deep`),
  );
const manyKeys = fc
  .integer({ min: 2_001, max: 100_000 })
  .map((n) => new Raw(`{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`, `${n} keys`));
const loneSurrogate = fc.constantFrom('\ud800', '\udfff', 'x\udc00@a.io', '\ud800x@a.io', 'a\ud83d');
const hostile = fc.oneof(
  nested,
  manyKeys,
  // null where text, numbers or lists are expected
  fc.dictionary(fc.constantFrom(...FIELDS), fc.constant(null), { minKeys: 1, maxKeys: 5 }),
  fc.dictionary(fc.constantFrom(...FIELDS), loneSurrogate, { minKeys: 1, maxKeys: 4 }),
  fc.constant({ ['k\ud800']: 'v' }),
  // fields no call knows, with and without known ones
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 3 }),
      fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }).map((k) => `zz_${k}`),
        junk,
        { minKeys: 1, maxKeys: 3 },
      ),
    )
    .map(([known, unknown]) => ({ ...known, ...unknown })),
);
/** A multipart form: every value is text, lists and objects as JSON text (what the DTOs' form transforms parse). */
class Form {
  constructor(readonly fields: Record<string, string>) {}
  toString(): string {
    return `form ${JSON.stringify(Object.fromEntries(Object.entries(this.fields).map(([k, v]) => [k, v.length > 60 ? `${v.slice(0, 20)}… (${v.length})` : v])))}`;
  }
}
const formField = fc.constantFrom(...FIELDS, 'working_days', 'service_durations', 'service_ids', 'queue_ids', 'colours', 'media', 'voice', 'ads', 'zz_unknown');
const formValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', 'null', 'true', '[]', '{}', '[1,2]', '{"fr":{"name":null}}', '\ud800'),
  fc.integer({ min: 33, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 33, max: 5000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
);
const form = fc.dictionary(formField, formValue, { minKeys: 1, maxKeys: 6 }).map((f) => new Form(f));

const body = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 6 }),
  fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 8 }),
  fc.array(junk, { maxLength: 3 }),
  junk,
  hostile,
  hostile,
  form,
);
const pathValue = fc.oneof(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('0', '-1', '9999999999999999999', 'null', '%', '..'));
const query = fc.dictionary(
  fc.constantFrom('page', 'pagination', 'per_page', 'q', 'sort', 'order', 'from', 'to', 'type', 'lang'),
  fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-1', '0', 'off', 'abc', '99999999999')),
  { maxKeys: 3 },
);

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

  it('answers malformed and hostile bodies, ids and query strings with a 4xx and a message within a second, never a 500, and writes nothing', async () => {
    const failures: string[] = [];
    const stats = { tried: 0, serverErrors: 0, slowest: { ms: 0, call: '' } };
    for (const route of routes) {
      await fc
        .assert(
          fc.asyncProperty(fc.dictionary(fc.constantFrom(...(route.params.length ? route.params : ['_'])), pathValue), query, body, async (params, q, b) => {
            const before = await head();
            const url = fillPath(route.path, params);
            let req = t.http()[route.method.toLowerCase() as 'get'](url).query(q).set(auth(owner.token)).set('Accept', 'application/json');
            if (route.method !== 'GET') {
              if (b instanceof Raw) req = req.set('Content-Type', 'application/json').send(b.text);
              else if (b instanceof Form) for (const [k, v] of Object.entries(b.fields)) req = req.field(k, v);
              // A bare number, string, boolean or null: sent as its JSON text (the client sends objects only).
              else if (typeof b !== 'object' || b === null) req = req.set('Content-Type', 'application/json').send(JSON.stringify(b) ?? 'null');
              else req = req.send(b as object);
            }
            const started = performance.now();
            const res = await req;
            const ms = performance.now() - started;
            stats.tried++;
            if (res.status >= 500) stats.serverErrors++;
            if (ms > stats.slowest.ms)
              stats.slowest = {
                ms,
                call: `${route.method} ${route.path} ${b instanceof Raw || b instanceof Form ? b : JSON.stringify(b)?.slice(0, 60)} → ${res.status}`,
              };
            if (res.status === 401) owner = await login(t, owner.email, 'Str0ng!Pass');
            const ok = res.status < 500 && (res.status < 400 || (typeof res.body?.message === 'string' && res.body.message.length > 0));
            const fast = ms < 1000;
            const wrote = res.status >= 400 && (await head()) !== before;
            const shown = b instanceof Raw || b instanceof Form ? String(b) : JSON.stringify(b)?.slice(0, 200);
            if (!ok || wrote || !fast)
              failures.push(
                `${route.method} ${url} ${shown} → ${res.status} in ${Math.round(ms)} ms ${JSON.stringify(res.body).slice(0, 200)}${wrote ? ' (wrote events)' : ''}`,
              );
            return ok && !wrote && fast;
          }),
          { numRuns: Number(process.env.BAD_INPUT_RUNS ?? 12), seed: Number(process.env.FC_SEED ?? 20261122), endOnFailure: true },
        )
        .catch((e: unknown) =>
          failures.push(
            `${route.method} ${route.path}: ${String((e as Error)?.message ?? e)
              .split('\n')
              .slice(0, 6)
              .join(' | ')
              .slice(0, 600)}`,
          ),
        );
    }
    // The figures the hardening is judged by: requests tried, answers of 5xx, the slowest answer.
    console.log(
      `bad input: ${stats.tried} requests over ${routes.length} calls, 5xx: ${stats.serverErrors}, slowest ${Math.round(stats.slowest.ms)} ms (${stats.slowest.call})`,
    );
    expect(stats.tried).toBeGreaterThan(routes.length);
    expect(failures).toEqual([]);
  }, 600_000);
});
