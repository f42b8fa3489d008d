import { DEMO_QUEUES } from '../apps/api/src/queues/queues.seed';
import { DEMO, DEMO_PASSWORD } from '../apps/api/src/common/demo';
import { seedDemo } from '../apps/api/src/seed';
import { createTestApp, TestApp } from './support/app';
import { auth, login } from './support/fixtures';
import { head } from './support/organisation-fixtures';
import { queueProblems } from './support/queue-fixtures';

describe('queues: demo data', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app);
  });
  afterAll(() => t.close());

  it('seeds two queues with counters and people waiting, which the demo agent can call, once', async () => {
    const agent = await login(t, DEMO.agent.email, DEMO_PASSWORD);
    const h = auth(agent.token);
    const list = await t.http().get('/business/queue/summary?pagination=off').set(h);
    expect(
      list.body.data.map((q: { name: string; summary: { waiting: number; counters: number } }) => [q.name, q.summary.waiting, q.summary.counters]),
    ).toEqual([
      ['Reception', 3, 2],
      ['Dental care', 1, 1],
    ]);
    const desk = DEMO_QUEUES.reception.counters[0];
    await t.http().post(`/business/queue/${DEMO_QUEUES.reception.id}/counter/${desk}/open`).set(h).expect(200);
    const called = await t.http().post(`/business/queue/${DEMO_QUEUES.reception.id}/call`).set(h).send({ counter_id: desk });
    // The urgent lab-results visit goes first.
    expect(called.body.ticket).toMatchObject({ label: 'A3', urgent: true, status: 'in_service' });
    expect(await queueProblems(t, DEMO.businessId, DEMO_QUEUES.reception.id)).toEqual([]);
    const before = await head(t);
    await seedDemo(t.app);
    expect(await head(t)).toBe(before);
  });
});
