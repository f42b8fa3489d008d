import { DEMO, DEMO_PASSWORD } from '../apps/api/src/common/demo';
import { seedDemo } from '../apps/api/src/seed';
import { createTestApp, TestApp } from './support/app';
import { auth, login } from './support/fixtures';
import { head } from './support/organisation-fixtures';

describe('resources: demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t.close());

  it("seeds the demo clinic's rooms and equipment, which its agent reads, once", async () => {
    const agent = await login(t, DEMO.agent.email, DEMO_PASSWORD);
    const list = await t.http().get('/business/resource?pagination=off').set(auth(agent.token));
    expect(list.body.data.map((r: { name: string; kind: string; capacity: number }) => [r.name, r.kind, r.capacity])).toEqual([
      ['Consultation room 1', 'room', 1],
      ['Dental chair', 'equipment', 1],
      ['X-ray room', 'room', 2],
    ]);
    const before = await head(t);
    await seedDemo(t.app);
    expect(await head(t)).toBe(before);
  });
});
