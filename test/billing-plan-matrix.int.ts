import { randomUUID } from 'node:crypto';
import { FEATURE_MATRIX, type Package, type PackageFeature } from '@tabour/contracts';
import { GATED_ROUTES, type GatedRoute } from '../apps/api/src/billing/plan-gate';
import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { Clock } from '../apps/api/src/accounts/clock';
import { createTestApp, TestApp } from './support/app';
import { auth, LoggedIn, login, registerBusiness, STRONG_PASSWORD } from './support/fixtures';
import { fillPath, listRoutes } from './support/routes';

const DAY = 24 * 3600 * 1000;

/**
 * Walks the feature matrix over every gated route: under each package, a switched feature that
 * is off answers 403 plan_required and one that is on passes the gate; a counted feature passes
 * one record below its limit and answers 403 plan_limit at it (or plan_required when the package
 * allows none). Records are seeded straight into the read tables: the gate counts them there.
 */
describe('billing: the plan matrix over the routes', () => {
  let t: TestApp;
  const businesses = new Map<Package, LoggedIn>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const pkg of ['TRIAL', 'FREE', 'LIBERUP', 'LIBERPRO'] as Package[]) {
      const b = await registerBusiness(t, `Matrix ${pkg}`);
      if (pkg !== 'TRIAL') await t.app.get(RegistrationService).setPackage(b.email, pkg, pkg === 'FREE' ? null : 'monthly');
      businesses.set(pkg, b);
    }
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const now = () => new Date();

  async function seed(tenant: string, feature: PackageFeature, n: number, queueId: string): Promise<void> {
    await db().deleteFrom('queue_counters').where('tenant_id', '=', tenant).execute();
    await db().deleteFrom('queues').where('tenant_id', '=', tenant).execute();
    await db().deleteFrom('kiosks').where('tenant_id', '=', tenant).execute();
    await db().deleteFrom('displays').where('tenant_id', '=', tenant).execute();
    await db().deleteFrom('team_members').where('tenant_id', '=', tenant).execute();
    const queue = { id: queueId, tenant_id: tenant, name: 'Q', priority: 0, settings: '{}', created_at: now(), updated_at: now() };
    if (feature === 'counters_per_queue') await db().insertInto('queues').values(queue).execute();
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      switch (feature) {
        case 'queues':
          await db()
            .insertInto('queues')
            .values({ ...queue, id, name: `Q${i}` })
            .execute();
          break;
        case 'counters_per_queue':
          await db()
            .insertInto('queue_counters')
            .values({ id, tenant_id: tenant, queue_id: queueId, name: `C${i}`, break_minutes: 0, service_ids: '[]', updated_at: now() })
            .execute();
          break;
        case 'kiosks_and_displays':
          // Kiosks and displays share the limit: half of each.
          await db()
            .insertInto(i % 2 ? 'displays' : 'kiosks')
            .values({ id, tenant_id: tenant, key: id, name: `D${i}`, status: 'active', settings: '{}', created_at: now(), updated_at: now() })
            .execute();
          break;
        case 'team_size':
          await db()
            .insertInto('team_members')
            .values({
              id,
              tenant_id: tenant,
              first_name: 'T',
              last_name: `M${i}`,
              position: 'Employee',
              role: 'EMPLOYEE',
              is_bookable: false,
              created_at: now(),
              updated_at: now(),
            })
            .execute();
          break;
      }
    }
  }

  const call = (route: GatedRoute, b: LoggedIn, queueId: string) => {
    const path = fillPath(route.path, { queue: queueId });
    const req = t.http();
    const r = route.method === 'GET' ? req.get(path) : route.method === 'PUT' ? req.put(path) : route.method === 'POST' ? req.post(path) : req.delete(path);
    return r.set(auth(b.token)).send(route.method === 'GET' ? undefined : {});
  };

  it('names only routes the API answers', () => {
    const known = new Set(listRoutes(t.app).map((r) => `${r.method} ${r.path}`));
    for (const r of GATED_ROUTES) expect(known.has(`${r.method} ${r.path}`) ? r.path : `missing ${r.method} ${r.path}`).toBe(r.path);
  });

  it('gives every package what its column of the matrix says, route by route', async () => {
    const seen: string[] = [];
    for (const [pkg, b] of businesses) {
      for (const route of GATED_ROUTES) {
        const queueId = randomUUID();
        const allowed = FEATURE_MATRIX[pkg][route.feature];
        const label = `${pkg} ${route.method} ${route.path}`;
        if (typeof allowed === 'boolean') {
          await seed(b.businessId, route.feature, 0, queueId);
          const res = await call(route, b, queueId);
          seen.push(`${label}: ${res.body.code ?? res.status}`);
          if (allowed) expect(`${label} ${res.body.code}`).not.toMatch(/plan_(required|limit)$/);
          else expect(`${label} ${res.status} ${res.body.code}`).toBe(`${label} 403 plan_required`);
          continue;
        }
        if (allowed === 0) {
          await seed(b.businessId, route.feature, 0, queueId);
          const res = await call(route, b, queueId);
          expect(`${label} ${res.status} ${res.body.code}`).toBe(`${label} 403 plan_required`);
          continue;
        }
        // Unlimited: a hundred records do not stop the next one.
        const below = allowed === null ? 100 : (allowed as number) - 1;
        await seed(b.businessId, route.feature, below, queueId);
        const open = await call(route, b, queueId);
        expect(`${label} ${open.body.code}`).not.toMatch(/plan_(required|limit)$/);
        if (allowed === null) continue;
        await seed(b.businessId, route.feature, allowed as number, queueId);
        const full = await call(route, b, queueId);
        expect(`${label} ${full.status} ${full.body.code}`).toBe(`${label} 403 plan_limit`);
        expect(Object.keys(full.body.errors)).toEqual([route.feature]);
        seen.push(`${label}: limit ${allowed}`);
      }
    }
    expect(seen.length).toBeGreaterThan(GATED_ROUTES.length);
  });

  it('unlocks at once on an upgrade, and locks again (keeping the records) when the package runs out', async () => {
    const b = await registerBusiness(t, 'Matrix downgrade');
    const registration = t.app.get(RegistrationService);
    await registration.setPackage(b.email, 'FREE', null);
    const kiosk = GATED_ROUTES.find((r) => r.path === '/business/kiosk/create')!;
    expect((await call(kiosk, b, randomUUID())).body.code).toBe('plan_required');
    await registration.setPackage(b.email, 'LIBERUP', 'monthly');
    expect((await call(kiosk, b, randomUUID())).body.code).not.toMatch(/^plan_/);
    await seed(b.businessId, 'queues', 3, randomUUID());
    // A month and the renewal window later, with no renewal: the package is FREE again.
    const clock = t.app.get(Clock);
    const later = new Date(Date.now() + 33 * DAY);
    const spy = jest.spyOn(clock, 'now').mockReturnValue(later);
    try {
      // Sessions end after 12 idle hours: log in again on the later day.
      Object.assign(b, await login(t, b.email, STRONG_PASSWORD));
      const membership = await t.http().get('/business/membership').set(auth(b.token));
      expect(membership.body).toMatchObject({ package: 'FREE', status: 'free', locked: ['queues'] });
      const queues = await t.http().get('/business/queue').set(auth(b.token));
      expect(queues.status).toBe(200);
      expect(await db().selectFrom('queues').select('id').where('tenant_id', '=', b.businessId).execute()).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
  });
});
