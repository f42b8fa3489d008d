import { sql } from 'kysely';
import { rebuildProjection } from '@tabour/eventstore';
import { statisticsSettingsProjection } from '@tabour/statistics';
import { ReportMails, REPORTS_SUBSCRIPTION } from '../apps/api/src/statistics/reports';
import { createTestApp, TestApp } from './support/app';
import { FakeProviders, providerEnv, startFakeProviders } from './support/fake-providers';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { caughtUp, waitFor } from './eventstore-support';

/*
 * Reporting mails: a trigger on the tickets waiting mails its member once per crossing (not
 * while it holds, again after it fell back and crossed again), through the outbox and the
 * e-mail provider; the daily summary comes at 18:00 in Paris every day, across the autumn
 * change (a 25-hour day), once however many instances run the job.
 */
describe('reporting mails', () => {
  let t: TestApp;
  let fake: FakeProviders;
  let owner: Staff;
  let manager: Staff & { memberId: string };
  let other: Staff;
  let queueId: string;
  let counterId: string;
  let settingId: string;
  let memberEmail: string;

  const settled = () => waitFor(() => caughtUp(t.database.db, REPORTS_SUBSCRIPTION), 'the reports subscription');
  const mails = (type: string) =>
    t.database.db
      .selectFrom('notification_messages')
      .select(['recipient', 'subject', 'body', 'language', 'dedupe_key', 'channel', 'customer_id'])
      .where('tenant_id', '=', owner.businessId)
      .where('message_type', '=', type)
      .orderBy('created_at')
      .execute();
  const call = () => t.http().post(`/business/queue/${queueId}/call`).set(owner.h).send({ counter_id: counterId }).expect(200);

  beforeAll(async () => {
    fake = await startFakeProviders();
    t = await createTestApp({ ...providerEnv(fake), NOTIFICATIONS_POLL_MS: '200', REMINDER_JOB: 'off', REPORT_SUMMARY_JOB: 'off', DAY_END_JOB: 'off' });
    owner = await newBusiness(t, 'Reports Clinic');
    other = await newBusiness(t, 'Other Clinic');
    await t.http().post('/business/update').set(owner.h).send({ time_zone: 'Europe/Paris' }).expect(200);
    manager = await newMember(t, owner, 'Manager');
    const member = await t.database.db.selectFrom('team_members').select('email').where('id', '=', manager.memberId).executeTakeFirstOrThrow();
    memberEmail = member.email!;
    const q = await newQueue(t, owner, { name: 'Main hall' }, ['Desk 1']);
    queueId = q.id;
    counterId = q.counters[0].id;
    await openCounter(t, owner, queueId, counterId);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const body = () => ({
    title: 'Main hall busy',
    queue_id: queueId,
    trigger_kpi: 'total_waiting',
    trigger_operator: 'gte',
    trigger_value: 2,
    member_id: manager.memberId,
    content: { en: '{{title}}: {{total_waiting}} waiting, {{total_counters}} counters open', fr: '{{title}} : {{total_waiting}} en attente', ar: '' },
  });

  it('refuses bad settings by field, another business’s queue, and any role but ADMIN', async () => {
    const kpi = await t
      .http()
      .post('/business/report-settings/create')
      .set(owner.h)
      .send({ ...body(), trigger_kpi: 'length' });
    expect(kpi.status).toBe(422);
    expect(Object.keys(kpi.body.errors)).toEqual(['trigger_kpi']);
    const text = await t
      .http()
      .post('/business/report-settings/create')
      .set(owner.h)
      .send({ ...body(), trigger_value: -1, content: { en: 'Hello {{name}}' } });
    expect(text.status).toBe(422);
    expect(Object.keys(text.body.errors).sort()).toEqual(['content.en', 'trigger_value']);
    expect(text.body.errors['content.en'][0]).toMatch(/Unknown placeholder \{\{name\}\}/);
    const foreign = await t.http().post('/business/report-settings/create').set(other.h).send(body());
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.queue_id).toBeDefined();
    await t.http().get('/business/report-settings').set(manager.h).expect(403);
  });

  it('creates, reads, lists and updates a setting; another business sees none of it', async () => {
    const created = await t.http().post('/business/report-settings/create').set(owner.h).send(body()).expect(201);
    settingId = created.body.id;
    expect(created.body).toMatchObject({ ...body(), daily_summary: false, summary_time: '18:00' });
    await t.http().post(`/business/report-settings/${settingId}`).set(owner.h).expect(200);
    expect((await t.http().get('/business/report-settings').set(owner.h).expect(200)).body.total).toBe(1);
    expect((await t.http().get('/business/report-settings').set(other.h).expect(200)).body.total).toBe(0);
    await t.http().get(`/business/report-settings/${settingId}`).set(other.h).expect(404);
    await t.http().post(`/business/report-settings/${settingId}/update`).set(other.h).send({ trigger_value: 1 }).expect(404);
    await t.http().delete(`/business/report-settings/${settingId}/delete`).set(other.h).expect(404);
  });

  it('mails the member once per crossing: not while the trigger holds, again after it fell back', async () => {
    await pushTicket(t, owner, queueId);
    await settled();
    expect(await mails('REPORT_TRIGGER')).toHaveLength(0);

    await pushTicket(t, owner, queueId); // 2 waiting: crosses
    await settled();
    await pushTicket(t, owner, queueId); // 3 waiting: still holds
    await settled();
    let sent = await mails('REPORT_TRIGGER');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      recipient: memberEmail,
      channel: 'email',
      customer_id: null,
      subject: 'Main hall busy',
      body: 'Main hall busy: 2 waiting, 1 counters open',
    });

    await call(); // 2 waiting: holds
    await settled();
    await call(); // 1 waiting: falls back
    await settled();
    expect(await mails('REPORT_TRIGGER')).toHaveLength(1);

    await pushTicket(t, owner, queueId); // 2 waiting again: a second crossing
    await settled();
    sent = await mails('REPORT_TRIGGER');
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.dedupe_key)).toEqual([`report:${settingId}:1:REPORT_TRIGGER:email`, `report:${settingId}:2:REPORT_TRIGGER:email`]);

    // The e-mail provider received both, as any message of the outbox.
    await waitFor(() => fake.emails.filter((e) => e.to === memberEmail).length === 2, 'the two e-mails at the provider');
  });

  it('sends the daily summary at 18:00 Paris time each day across the 25-hour day, once across instances', async () => {
    await t.http().post(`/business/report-settings/${settingId}/update`).set(owner.h).send({ daily_summary: true, summary_time: '18:00' }).expect(200);
    const job = t.app.get(ReportMails);
    const due = async () =>
      (
        await t.database.db.selectFrom('report_summary_schedule').select('due_at').where('setting_id', '=', settingId).executeTakeFirstOrThrow()
      ).due_at.toISOString();

    expect(await job.summaries(new Date('2026-10-24T12:00:00Z'))).toBe(0);
    expect(await due()).toBe('2026-10-24T16:00:00.000Z'); // 18:00 CEST

    expect(await job.summaries(new Date('2026-10-24T16:00:30Z'))).toBe(1);
    expect(await due()).toBe('2026-10-25T17:00:00.000Z'); // 18:00 CET, 25 hours later

    expect(await job.summaries(new Date('2026-10-25T16:30:00Z'))).toBe(0); // 17:30 local
    // Two instances at once: one claims the row, the other skips it.
    const both = await Promise.all([job.summaries(new Date('2026-10-25T17:00:10Z')), job.summaries(new Date('2026-10-25T17:00:10Z'))]);
    expect(both.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await due()).toBe('2026-10-26T17:00:00.000Z');
    expect(await job.summaries(new Date('2026-10-25T17:30:00Z'))).toBe(0);

    const summaries = await mails('REPORT_DAILY_SUMMARY');
    expect(summaries.map((m) => m.subject)).toEqual(['Main hall busy · 2026-10-24', 'Main hall busy · 2026-10-25']);
    expect(summaries.every((m) => m.recipient === memberEmail)).toBe(true);
    // The setting's text with the figures now, then the day's (none on those October days).
    expect(summaries[0].body).toBe('Main hall busy: 2 waiting, 1 counters open\n\nTickets taken: 0\nServed: 0\nNo-shows: 0\nAverage wait: —');
  });

  it('rebuilds the settings from the log to the same rows', async () => {
    await t
      .http()
      .post('/business/report-settings/create')
      .set(owner.h)
      .send({ ...body(), title: 'Kept', trigger_kpi: 'waiting_time', trigger_operator: 'gt', trigger_value: 15 })
      .expect(201);
    await t.http().post('/business/statistic/settings').set(owner.h).send({ service_level_target_seconds: 900 }).expect(200);
    const snapshot = async () => ({
      reports: (await sql`SELECT * FROM report_settings ORDER BY id`.execute(t.database.db)).rows,
      settings: (await sql`SELECT * FROM statistics_settings ORDER BY tenant_id`.execute(t.database.db)).rows,
    });
    const live = await snapshot();
    expect(live.reports).toHaveLength(2);
    expect(live.settings).toHaveLength(1);
    await rebuildProjection(t.database.db, { kind: 'inline', projection: statisticsSettingsProjection });
    expect(await snapshot()).toEqual(live);
  });

  it('stops the summaries and the trigger once the setting is deleted', async () => {
    await t.http().delete(`/business/report-settings/${settingId}/delete`).set(owner.h).expect(200);
    expect(await t.app.get(ReportMails).summaries(new Date('2026-10-26T17:00:10Z'))).toBe(0);
    const left = await sql<{ n: string }>`SELECT count(*) AS n FROM report_summary_schedule WHERE setting_id = ${settingId}`.execute(t.database.db);
    expect(Number(left.rows[0].n)).toBe(0);
    await t.http().get(`/business/report-settings/${settingId}`).set(owner.h).expect(404);
  });
});

describe('service level target', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  beforeAll(async () => {
    t = await createTestApp({ REPORT_SUMMARY_JOB: 'off', DAY_END_JOB: 'off' });
    owner = await newBusiness(t, 'Target Clinic');
    other = await newBusiness(t, 'Other Clinic');
  });
  afterAll(() => t.close());

  it('is 600 s until set, per business, and the service level call measures against it', async () => {
    expect((await t.http().get('/business/statistic/settings').set(owner.h).expect(200)).body).toEqual({ service_level_target_seconds: 600 });
    await t.http().post('/business/statistic/settings').set(owner.h).send({ service_level_target_seconds: 300 }).expect(200);
    expect((await t.http().get('/business/statistic/settings').set(owner.h).expect(200)).body).toEqual({ service_level_target_seconds: 300 });
    expect((await t.http().get('/business/statistic/settings').set(other.h).expect(200)).body).toEqual({ service_level_target_seconds: 600 });
    expect((await t.http().post('/business/statistic/serviceLevel').set(owner.h).send({}).expect(200)).body.target_seconds).toBe(300);
    expect((await t.http().post('/business/statistic/serviceLevel').set(owner.h).send({ target_seconds: 120 }).expect(200)).body.target_seconds).toBe(120);
    const bad = await t.http().post('/business/statistic/settings').set(owner.h).send({ service_level_target_seconds: 10 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.service_level_target_seconds).toBeDefined();
  });
});
