import { createTestApp, TestApp } from './support/app';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue } from './support/queue-fixtures';

describe('pausing, delaying and resuming a queue over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let agent: Staff;
  let other: Staff;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Pause Clinic');
    other = await newBusiness(t, 'Other Pause Clinic');
    agent = await newMember(t, owner, 'Front Desk');
  });
  afterAll(() => t.close());

  it('answers the queue as it reads after each call, and resuming clears the delay', async () => {
    const q = await newQueue(t, owner, { name: 'Accueil' }, ['Desk 1']);
    const paused = await t.http().post(`/business/queue/${q.id}/pause`).set(agent.h).expect(200);
    expect(paused.body).toMatchObject({ id: q.id, paused: true, delay_seconds: 0 });
    const delayed = await t.http().post(`/business/queue/${q.id}/delay`).set(agent.h).send({ hours: 1, minutes: 5 }).expect(200);
    expect(delayed.body).toMatchObject({ paused: true, delay_seconds: 3900 });
    const resumed = await t.http().post(`/business/queue/${q.id}/resume`).set(agent.h).expect(200);
    expect(resumed.body).toMatchObject({ paused: false, delay_seconds: 0 });
  });

  it('refuses a delay out of range with 422 and another business with 404', async () => {
    const q = await newQueue(t, owner, { name: 'Caisse' }, ['Desk 1']);
    const bad = await t.http().post(`/business/queue/${q.id}/delay`).set(owner.h).send({ minutes: 60 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['minutes']);
    await t.http().post(`/business/queue/${q.id}/pause`).set(other.h).expect(404);
    const still = await t.http().get(`/business/queue/${q.id}`).set(owner.h).expect(200);
    expect(still.body.paused).toBe(false);
  });
});
