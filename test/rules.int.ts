import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff, WEEK } from './support/organisation-fixtures';
import { newQueue } from './support/queue-fixtures';

describe('business rules over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  let manager: Staff;
  let agent: Staff;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Rules Clinic');
    other = await newBusiness(t, 'Other Clinic');
    manager = await newMember(t, owner, 'Manager', { role: 'MANAGER' });
    agent = await newMember(t, owner, 'Employee', { role: 'EMPLOYEE' });
  });
  afterAll(() => t.close());

  const create = (by: Staff, body: Record<string, unknown>) => t.http().put('/business/rules/create').set(by.h).send(body);

  it('creates rules in order, and reads them back paged and whole', async () => {
    const vip = await create(owner, { name: 'VIP first', action: 'approve', applies_to: 'vip' });
    expect(vip.status).toBe(201);
    expect(vip.body).toMatchObject({
      name: 'VIP first',
      action: 'approve',
      flow: 'booking',
      applies_to: 'vip',
      time_frame: 'forever',
      working_days: null,
      position: 0,
      enabled: true,
    });
    const summer = await create(manager, {
      name: 'Summer closing',
      action: 'decline',
      time_frame: 'custom',
      starts_on: '2026-07-01',
      ends_on: '2026-08-31',
      working_days: WEEK({ monday: [['09:00', '12:00']] }),
    });
    expect(summer.status).toBe(201);
    expect(summer.body.position).toBe(1);
    expect(summer.body.working_days).toHaveLength(7);
    const page = await t.http().get('/business/rules?page=1').set(owner.h);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, page: 1 });
    expect(page.body.data.map((r: { name: string }) => r.name)).toEqual(['VIP first', 'Summer closing']);
    const all = await t.http().get('/business/rules?pagination=off').set(owner.h);
    expect(all.body.data).toHaveLength(2);
    expect((await t.http().get(`/business/rules/${vip.body.id}`).set(owner.h)).body.name).toBe('VIP first');
  });

  it('refuses bad rules with 422 naming each field, writing nothing', async () => {
    const before = await head(t);
    const res = await create(owner, { name: '', action: 'maybe', time_frame: 'custom', starts_on: '2026-09-01', ends_on: '2026-08-01' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['action']));
    const dates = await create(owner, { name: 'Backwards', action: 'approve', time_frame: 'custom', starts_on: '2026-09-01', ends_on: '2026-08-01' });
    expect(dates.status).toBe(422);
    expect(dates.body.errors.ends_on).toEqual(['The end must be after the start']);
    expect((await create(owner, { name: 'Odd', action: 'approve', colour: 'red' })).status).toBe(422);
    const monday = (d: unknown) => [d, ...WEEK({}).slice(1)];
    for (const working_days of [
      Array(7).fill(null),
      Array(7).fill(1),
      monday({ day: 'monday', open: true, ranges: [null] }),
      monday({ day: 'monday', open: true, ranges: 'all' }),
      'weekdays',
    ]) {
      expect((await create(owner, { name: 'Hours', action: 'approve', working_days })).status).toBe(422);
    }
    expect(await head(t)).toBe(before);
  });

  it('refuses starts_on and ends_on with a rule for ever by name, instead of dropping them', async () => {
    const rule = await create(owner, { name: 'Always', action: 'approve' });
    expect(rule.status).toBe(201);
    const before = await head(t);
    const update = await t
      .http()
      .post(`/business/rules/${rule.body.id}/update`)
      .set(owner.h)
      .send({ time_frame: 'forever', starts_on: '2026-07-01', ends_on: '2026-08-31' });
    expect(update.status).toBe(422);
    expect(Object.keys(update.body.errors).sort()).toEqual(['ends_on', 'starts_on']);
    const created = await create(owner, { name: 'Dated', action: 'approve', starts_on: '2026-07-01' });
    expect(created.status).toBe(422);
    expect(Object.keys(created.body.errors)).toEqual(['starts_on']);
    expect(await head(t)).toBe(before);
    // Sent back whole by an edit form, a rule for ever's empty dates are no contradiction.
    const resent = await t
      .http()
      .post(`/business/rules/${rule.body.id}/update`)
      .set(owner.h)
      .send({ ...rule.body, name: 'Always on' });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ time_frame: 'forever', starts_on: null, ends_on: null, name: 'Always on' });
    expect((await t.http().delete(`/business/rules/${rule.body.id}/delete`).set(owner.h)).status).toBe(200);
  });

  it('updates, reorders and deletes, keeping positions consecutive', async () => {
    const list = (await t.http().get('/business/rules?pagination=off').set(owner.h)).body.data as { id: string; name: string; position: number }[];
    const [vip, summer] = list;
    const updated = await t.http().post(`/business/rules/${vip.id}/update`).set(owner.h).send({ enabled: false, applies_to: 'new' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'VIP first', enabled: false, applies_to: 'new' });
    const third = await create(owner, { name: 'Queue joins', action: 'approve', flow: 'queue' });
    const reordered = await t
      .http()
      .post('/business/rules/reorder')
      .set(owner.h)
      .send({ ids: [third.body.id, summer.id, vip.id] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([
      ['Queue joins', 0],
      ['Summer closing', 1],
      ['VIP first', 2],
    ]);
    expect(
      (
        await t
          .http()
          .post('/business/rules/reorder')
          .set(owner.h)
          .send({ ids: [summer.id] })
      ).status,
    ).toBe(422);
    expect((await t.http().delete(`/business/rules/${summer.id}/delete`).set(owner.h)).status).toBe(200);
    const after = (await t.http().get('/business/rules?pagination=off').set(owner.h)).body.data;
    expect(after.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([
      ['Queue joins', 0],
      ['VIP first', 1],
    ]);
    expect((await t.http().get(`/business/rules/${summer.id}`).set(owner.h)).status).toBe(404);
  });

  it('decides queue joins with the queue-flow rules, in position order, the actor of the decision naming the rule', async () => {
    const queue = await newQueue(t, owner);
    const blocked = await t
      .http()
      .put('/business/customer/create')
      .set(owner.h)
      .send({ first_name: 'Boris', last_name: 'Blocked', phone: '+21620999888', category: 'BLACKLISTED' });
    expect(blocked.status).toBe(201);
    const decline = await create(owner, { name: 'No blacklisted joins', action: 'decline', flow: 'queue', applies_to: 'blacklisted' });
    const ids = (await t.http().get('/business/rules?pagination=off').set(owner.h)).body.data
      .map((r: { id: string }) => r.id)
      .filter((id: string) => id !== decline.body.id);
    expect(
      (
        await t
          .http()
          .post('/business/rules/reorder')
          .set(owner.h)
          .send({ ids: [decline.body.id, ...ids] })
      ).status,
    ).toBe(200);
    const join = (phone: string, from: string) => t.http().put(`/user/queue/${queue.id}/request`).set('X-Forwarded-For', from).send({ name: 'Guest', phone });
    const refused = await join('+21620999888', '10.9.0.1');
    expect(refused.status).toBe(201);
    expect(refused.body.status).toBe('declined');
    const welcomed = await join('+21620111000', '10.9.0.2');
    expect(welcomed.body.status).toBe('approved');
    const list = (await t.http().get(`/business/queue/${queue.id}/requests?pagination=off`).set(owner.h)).body.data as {
      phone: string;
      status: string;
      decline_reason: string | null;
      ticket: unknown;
    }[];
    expect(list.find((r) => r.phone === '+21620999888')).toMatchObject({ status: 'declined', decline_reason: 'No blacklisted joins' });
    expect(list.find((r) => r.phone === '+21620111000')).toMatchObject({ status: 'approved', ticket: expect.objectContaining({ label: expect.any(String) }) });
    const { sql } = await import('kysely');
    const actors = await sql<{
      type: string;
      actor: { type: string; name: string };
    }>`SELECT event_type AS type, metadata->'actor' AS actor FROM es_events WHERE event_type IN ('QueueRequestApproved', 'QueueRequestDeclined') ORDER BY position`.execute(
      t.database.db,
    );
    expect(actors.rows.map((r) => [r.type, r.actor.name])).toEqual([
      ['QueueRequestDeclined', 'rule: No blacklisted joins'],
      ['QueueRequestApproved', 'rule: Queue joins'],
    ]);
  });

  it('keeps rules to administrators and managers, and each business to its own', async () => {
    const [rule] = (await t.http().get('/business/rules?pagination=off').set(owner.h)).body.data;
    expect((await t.http().get('/business/rules?page=1').set(agent.h)).status).toBe(403);
    expect((await create(agent, { name: 'Sneaky', action: 'approve' })).status).toBe(403);
    expect((await t.http().get(`/business/rules/${rule.id}`).set(other.h)).status).toBe(404);
    expect((await t.http().post(`/business/rules/${rule.id}/update`).set(other.h).send({ name: 'Mine' })).status).toBe(404);
    expect((await t.http().delete(`/business/rules/${rule.id}/delete`).set(other.h)).status).toBe(404);
    expect((await t.http().get('/business/rules?pagination=off').set(other.h)).body.data).toEqual([]);
    expect((await t.http().get('/business/rules/not-an-id').set(owner.h)).status).toBe(404);
  });
});
