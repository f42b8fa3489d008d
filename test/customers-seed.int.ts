import { DEMO_CUSTOMERS } from '../apps/api/src/customers/customers.seed';
import { DEMO, DEMO_PASSWORD } from '../apps/api/src/common/demo';
import { seedDemo } from '../apps/api/src/seed';
import { createTestApp, TestApp } from './support/app';
import { auth, login } from './support/fixtures';
import { head } from './support/organisation-fixtures';

describe('customers: demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t.close());

  it('seeds the demo clinic’s customers once, phones in E.164 from the clinic’s country', async () => {
    const admin = await login(t, DEMO.admin.email, DEMO_PASSWORD);
    const list = await t.http().get('/business/customer?pagination=off&sort=internal_id&order=asc').set(auth(admin.token));
    expect(list.body.total).toBe(DEMO_CUSTOMERS.length);
    expect(list.body.data.map((c: { internal_id: string; phone: string; category: string }) => [c.internal_id, c.phone, c.category])).toEqual([
      ['1001', '+21620123456', 'BASIC'],
      ['1002', '+33612345678', 'VIP'],
      ['1003', '+21655111222', 'BASIC'],
      ['1004', '+21698765432', 'BASIC'],
      ['1005', '+21622333444', 'BLACKLISTED'],
    ]);
    const before = await head(t);
    await seedDemo(t.app);
    expect(await head(t)).toBe(before);
  });
});
