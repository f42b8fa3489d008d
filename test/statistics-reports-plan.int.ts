import { RegistrationService } from '../apps/api/src/accounts/registration.service';
import { ReportMails, REPORTS_SUBSCRIPTION } from '../apps/api/src/statistics/reports';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { caughtUp, waitFor } from './eventstore-support';

/*
 * Reporting mails follow the feature matrix: a business whose package leaves them out (LIBERUP)
 * keeps its settings but is mailed neither a trigger's crossing nor the daily summary; moved to
 * LIBERPRO, the next crossing and the next summary go out.
 */
describe('reporting mails: only for a package that includes them', () => {
  let t: TestApp;
  let owner: Staff;
  let queueId: string;
  let counterId: string;
  let settingId: string;

  const settled = () => waitFor(() => caughtUp(t.database.db, REPORTS_SUBSCRIPTION), 'the reports subscription');
  const mails = (type: string) =>
    t.database.db
      .selectFrom('notification_messages')
      .select(['dedupe_key'])
      .where('tenant_id', '=', owner.businessId)
      .where('message_type', '=', type)
      .execute();
  const due = async () =>
    (await t.database.db.selectFrom('report_summary_schedule').select('due_at').where('setting_id', '=', settingId).executeTakeFirstOrThrow()).due_at;
  const setPackage = (pkg: 'LIBERUP' | 'LIBERPRO') => t.app.get(RegistrationService).setPackage(owner.email, pkg, 'monthly');

  beforeAll(async () => {
    t = await createTestApp({ NOTIFICATIONS_SENDER: 'off', REMINDER_JOB: 'off', REPORT_SUMMARY_JOB: 'off', DAY_END_JOB: 'off' });
    owner = await newBusiness(t, 'Plan Reports');
    const manager = await newMember(t, owner, 'Manager');
    const q = await newQueue(t, owner, { name: 'Hall' }, ['Desk 1']);
    queueId = q.id;
    counterId = q.counters[0].id;
    await openCounter(t, owner, queueId, counterId);
    // Made during the trial, which includes the reporting mails.
    const created = await t
      .http()
      .post('/business/report-settings/create')
      .set(owner.h)
      .send({
        title: 'Hall busy',
        queue_id: queueId,
        trigger_kpi: 'total_waiting',
        trigger_operator: 'gte',
        trigger_value: 1,
        member_id: manager.memberId,
        content: { en: '{{title}}: {{total_waiting}} waiting' },
        daily_summary: true,
        summary_time: '18:00',
      })
      .expect(201);
    settingId = created.body.id;
  });
  afterAll(() => t.close());

  it('mails no trigger crossing and no daily summary under LIBERUP, then both under LIBERPRO', async () => {
    await setPackage('LIBERUP');
    await pushTicket(t, owner, queueId); // 1 waiting: crosses
    await settled();
    expect(await mails('REPORT_TRIGGER')).toHaveLength(0);
    const state = await t.database.db.selectFrom('report_trigger_states').select(['triggered']).where('setting_id', '=', settingId).executeTakeFirstOrThrow();
    expect(state.triggered).toBe(true);

    const job = t.app.get(ReportMails);
    expect(await job.summaries(new Date())).toBe(0);
    const first = await due();
    expect(await job.summaries(new Date(first.getTime() + 30_000))).toBe(0);
    expect(await mails('REPORT_DAILY_SUMMARY')).toHaveLength(0);
    // The skipped day is passed, not kept for later.
    const second = await due();
    expect(second.getTime()).toBeGreaterThan(first.getTime());

    await setPackage('LIBERPRO');
    await t.http().post(`/business/queue/${queueId}/call`).set(owner.h).send({ counter_id: counterId }).expect(200); // 0 waiting: falls back
    await settled();
    await pushTicket(t, owner, queueId); // 1 waiting: crosses again
    await settled();
    expect(await mails('REPORT_TRIGGER')).toHaveLength(1);
    expect(await job.summaries(new Date(second.getTime() + 30_000))).toBe(1);
    expect(await mails('REPORT_DAILY_SUMMARY')).toHaveLength(1);
  });
});
