import { sql } from 'kysely';
import { rebuildProjection } from '@tabour/eventstore';
import { ORGANISATION_PROJECTIONS } from '@tabour/organisation';
import { DEMO_DEPARTMENTS, DEMO_SERVICES } from '../apps/api/src/organisation/organisation.seed';
import { DEMO, DEMO_PASSWORD } from '../apps/api/src/common/demo';
import { seedDemo } from '../apps/api/src/seed';
import { createTestApp, TestApp } from './support/app';
import { auth, login } from './support/fixtures';
import { head } from './support/organisation-fixtures';

const TABLES = ['business_profiles', 'departments', 'department_services', 'services', 'team_members', 'holidays'];

describe('organisation: demo data and projection rebuild', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t.close());

  it('seeds the demo clinic, its departments, services and team', async () => {
    const admin = await login(t, DEMO.admin.email, DEMO_PASSWORD);
    const h = auth(admin.token);
    const info = (await t.http().get('/business/info').set(h)).body;
    expect(info).toMatchObject({ name: 'Demo Clinic', country: 'TN', time_zone: 'Africa/Tunis' });
    expect(info.working_days.map((d: { open: boolean; ranges: unknown[] }) => [d.open, d.ranges])).toEqual([
      ...Array(5).fill([true, [{ from: '08:00', to: '17:00' }]]),
      [true, [{ from: '08:00', to: '12:00' }]],
      [false, []],
    ]);
    const departments = (await t.http().get('/business/department?pagination=off').set(h)).body.data;
    expect(departments.map((d: { name: string }) => d.name)).toEqual(['Dental Care', 'General Medicine']);
    const services = (await t.http().get('/business/service?pagination=off').set(h)).body.data;
    expect(services.filter((s: { parent_id: string | null }) => s.parent_id).length).toBeGreaterThanOrEqual(2);
    const checkup = await t.http().get(`/business/serviceDepartment/${DEMO_DEPARTMENTS.dental}?service_id=${DEMO_SERVICES.dentalCheckup}`).set(h);
    expect(checkup.body).toMatchObject({ duration_seconds: 35 * 60, own_duration: true });
    const team = (await t.http().get('/business/team?pagination=off').set(h)).body.data;
    expect(team.map((m: { id: string; position: string; role: string }) => [m.id, m.position, m.role]).sort()).toEqual(
      [
        [DEMO.admin.userId, 'Admin', 'ADMIN'],
        [DEMO.manager.userId, 'Manager', 'MANAGER'],
        [DEMO.agent.userId, 'Employee', 'EMPLOYEE'],
      ].sort(),
    );
  });

  it('lets the demo manager and agent log in with the demo password', async () => {
    const manager = await login(t, DEMO.manager.email, DEMO_PASSWORD);
    expect(manager).toMatchObject({ userId: DEMO.manager.userId, businessId: DEMO.businessId });
    const agent = await login(t, DEMO.agent.email, DEMO_PASSWORD);
    expect((await t.http().get('/business/service?pagination=off').set(auth(agent.token))).status).toBe(200);
  });

  it('decides nothing new when seeded again', async () => {
    const before = await head(t);
    await seedDemo(t.app);
    const added = (
      await sql<{ event_type: string; stream_id: string }>`SELECT event_type, stream_id FROM es_events WHERE position > ${before}`.execute(t.database.db)
    ).rows;
    expect(added).toEqual([]);
    expect(await head(t)).toBe(before);
  });

  it('rebuilds every read table from the events into the same rows as the live run', async () => {
    // More history than the seed: deletions, a reorder, a holiday, an owner edit.
    const h = auth((await login(t, DEMO.admin.email, DEMO_PASSWORD)).token);
    const ids = (await t.http().get('/business/service?pagination=off').set(h)).body.data.map((s: { id: string }) => s.id);
    await t
      .http()
      .post('/business/service/ussd/update')
      .set(h)
      .send({ order: [...ids].reverse() })
      .expect(200);
    await t.http().delete(`/business/service/${DEMO_SERVICES.labResults}/delete`).set(h).expect(200);
    await t.http().put('/business/service/create').set(h).send({ name: 'X-ray', price: 50, duration: 15 }).expect(201);
    await t.http().delete(`/business/department/${DEMO_DEPARTMENTS.general}/delete`).set(h).expect(200);
    await t
      .http()
      .post('/business/holiday/create')
      .set(h)
      .send({ type: 'holiday', scope: 'agency', start_date: '2026-12-31', end_date: '2027-01-01' })
      .expect(201);
    await t.http().post(`/business/team/${DEMO.admin.userId}/update`).set(h).send({ phone: '+216 71 111 111' }).expect(200);

    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of TABLES) out[table] = (await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2, 3`.execute(t.database.db)).rows;
      return out;
    };
    const live = await snapshot();
    expect(live.department_services.length).toBeGreaterThan(0);
    for (const projection of ORGANISATION_PROJECTIONS) await rebuildProjection(t.database.db, { kind: 'inline', projection });
    expect(await snapshot()).toEqual(live);
  });
});
