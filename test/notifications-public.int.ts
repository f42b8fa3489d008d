import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';

/** The public settings of /settings/general decide what a customer may do on the ticket page, and the page is told. */
describe('notifications: the ticket page follows the public settings', () => {
  let t: TestApp;
  let owner: Staff;

  beforeAll(async () => {
    t = await createTestApp({ NOTIFICATIONS_SENDER: 'off', REMINDER_JOB: 'off' });
    owner = await newBusiness(t, 'Strict Office');
  });
  afterAll(() => t.close());

  it('allows all by default, and refuses with 403 what the business turned off', async () => {
    const q = await newQueue(t, owner, {}, ['Desk']);
    const a = await pushTicket(t, owner, q.id);
    const read = async (uid: string) => (await t.http().get(`/user/queue/uid/${uid}`)).body;
    expect((await read(a.uid)).allowed).toEqual({ cancel: true, running_late: true, feedback: true });

    const off = await t
      .http()
      .post('/business/notification/settings')
      .set(owner.h)
      .send({ public: { allow_cancel: false, allow_feedback: false } });
    expect(off.status).toBe(200);
    expect((await read(a.uid)).allowed).toEqual({ cancel: false, running_late: true, feedback: false });

    const cancel = await t.http().delete(`/user/queue/uid/${a.uid}/cancel`);
    expect(cancel.status).toBe(403);
    expect((await read(a.uid)).status).toBe('waiting');
    const b = await pushTicket(t, owner, q.id);
    expect((await t.http().post(`/user/queue/uid/${a.uid}/late`).send({ places: 1 })).status).toBe(200);

    // Served, then feedback refused.
    await openCounter(t, owner, q.id, q.counters[0].id);
    const called = await t.http().post(`/business/queue/${q.id}/call`).set(owner.h).send({ counter_id: q.counters[0].id });
    expect(called.body.ticket.id).toBe(b.id);
    const ended = await t.http().post(`/business/queue/${q.id}/end/${b.id}`).set(owner.h).send({});
    expect(ended.status).toBeLessThan(300);
    expect((await read(b.uid)).status).toBe('ended');
    const feedback = await t.http().put(`/user/queue/uid/${b.uid}/feedback`).send({ stars: 5 });
    expect(feedback.status).toBe(403);
    expect((await read(b.uid)).feedback_given).toBe(false);
  });
});
