import { DateTime } from 'luxon';
import { recordMessages, type MessageIntent } from '@tabour/notifications';
import { Clock } from '../apps/api/src/accounts/clock';
import { MembershipSweep } from '../apps/api/src/billing/membership-sweep';
import { RepliesService } from '../apps/api/src/notifications/replies.service';
import { createTestApp, TestApp } from './support/app';
import { auth, LoggedIn, login, registerBusiness, STRONG_PASSWORD } from './support/fixtures';

const DAY = 24 * 3600 * 1000;
const VISA = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
/** 1,530 GSM-7 characters: ten parts of 153, so ten segments of the allowance. */
const TEN_SEGMENTS = 'a'.repeat(1530);

/**
 * The SMS allowance renews with each month of a paid period (docs/notifications.md): a LIBERUP
 * business that used its 500 SMS sends again once its next period is paid, a yearly one each
 * month, the trial's 200 never come back; the balance call and the membership view show the new
 * window's 0. The clock is pinned as the billing tests pin it; SMS are recorded through the one
 * path of every message, `recordMessages`, at the instants the test names.
 */
describe('SMS allowance: one window per month of a paid period', () => {
  let t: TestApp;
  let now: number;
  let seq = 0;

  beforeAll(async () => {
    // The tests run the renewal sweep at the moments they choose; nothing is handed to a provider.
    t = await createTestApp({ MEMBERSHIP_JOB: 'off', NOTIFICATIONS_SENDER: 'off', REMINDER_JOB: 'off', REPORT_SUMMARY_JOB: 'off', DAY_END_JOB: 'off' });
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  });
  afterAll(() => t.close());

  const h = (b: LoggedIn) => auth(b.token);
  /** Moves the clock and logs in again (sessions end after 12 idle hours). */
  const travel = async (to: number, b: LoggedIn) => {
    now = to;
    Object.assign(b, await login(t, b.email, STRONG_PASSWORD));
  };
  const buy = async (b: LoggedIn, plan: 'monthly' | 'yearly') => {
    const card = await t.http().put('/business/billing/create').set(h(b)).send(VISA);
    expect(card.status).toBe(201);
    const res = await t.http().post('/business/membership/update').set(h(b)).send({ package: 'LIBERUP', plan });
    expect(res.body).toMatchObject({ status: 'succeeded', membership: { package: 'LIBERUP', plan, status: 'active' } });
    return { starts: new Date(res.body.membership.period_starts_at).getTime(), ends: new Date(res.body.membership.period_ends_at).getTime() };
  };
  /** `count` SMS of ten segments each to `phone`, recorded at `at`: what was queued and what skipped. */
  const send = async (b: LoggedIn, count: number, at: number, phone = '+33612000000') => {
    const intents: MessageIntent[] = Array.from({ length: count }, () => ({
      tenant_id: b.businessId,
      type: 'QUEUE_TICKET_UPDATED',
      cause: `allowance-test:${++seq}`,
      customer_id: null,
      values: {},
      contact: { phone, language: 'en' },
      only: ['sms'],
      asked: true,
      text: { body: TEN_SEGMENTS, subject: null },
    }));
    return t.database.db.transaction().execute((trx) => recordMessages(trx, intents, new Date(at)));
  };
  const skipReasons = async (b: LoggedIn) =>
    (
      await t.database.db
        .selectFrom('notification_messages')
        .select('skip_reason')
        .where('tenant_id', '=', b.businessId)
        .where('status', '=', 'skipped')
        .execute()
    ).map((r) => r.skip_reason);
  const balance = async (b: LoggedIn) => (await t.http().get('/business/sms/settings').set(h(b)).expect(200)).body.balance;
  const viewSms = async (b: LoggedIn) => (await t.http().get('/business/membership').set(h(b)).expect(200)).body.sms;
  const allowanceRow = (b: LoggedIn) =>
    t.database.db.selectFrom('sms_allowances').select(['consumed', 'window_starts_at']).where('tenant_id', '=', b.businessId).executeTakeFirstOrThrow();

  it('monthly: the 500 used, the next SMS is skipped; after the renewal the new period sends again, from 0', async () => {
    now = Date.now();
    const b = await registerBusiness(t, 'Monthly Texts');
    const p1 = await buy(b, 'monthly');

    expect(await send(b, 49, p1.starts + DAY)).toEqual({ queued: 49, skipped: 0 });
    // One still queued to this number when the period ends: its customer answers STOP in the next.
    expect(await send(b, 1, p1.starts + DAY, '+33612000001')).toEqual({ queued: 1, skipped: 0 });
    expect(await send(b, 1, p1.starts + 2 * DAY)).toEqual({ queued: 0, skipped: 1 });
    expect(await skipReasons(b)).toEqual(['sms_allowance_used_up']);
    await travel(p1.starts + 2 * DAY, b);
    expect(await balance(b)).toEqual({ allowance: 500, consumed: 500, balance: 0 });
    expect(await viewSms(b)).toEqual({ allowance: 500, consumed: 500, balance: 0 });
    // Still refused on the period's last second.
    expect(await send(b, 1, p1.ends - 1000)).toEqual({ queued: 0, skipped: 1 });

    now = p1.ends + 60_000;
    expect((await t.app.get(MembershipSweep).run())[b.businessId]).toBe('renewed');
    await travel(now, b);
    // The readers show the new window's 0 before any SMS of it is recorded.
    expect(await balance(b)).toEqual({ allowance: 500, consumed: 0, balance: 500 });
    expect(await viewSms(b)).toEqual({ allowance: 500, consumed: 0, balance: 500 });

    expect(await send(b, 2, now + 1000)).toEqual({ queued: 2, skipped: 0 });
    expect(await allowanceRow(b)).toEqual({ consumed: 20, window_starts_at: new Date(p1.ends) });
    // A STOP gives back only what was taken from the current window: last period's queued SMS gives nothing.
    await t.app.get(RepliesService).reply({ MessageSid: 'SMstop1', From: '+33612000001', Body: 'STOP' });
    expect((await allowanceRow(b)).consumed).toBe(20);
    expect(await send(b, 1, now + 2000, '+33612000002')).toEqual({ queued: 1, skipped: 0 });
    expect((await allowanceRow(b)).consumed).toBe(30);
    await t.app.get(RepliesService).reply({ MessageSid: 'SMstop2', From: '+33612000002', Body: 'STOP' });
    expect((await allowanceRow(b)).consumed).toBe(20);
    expect(await balance(b)).toEqual({ allowance: 500, consumed: 20, balance: 480 });
  });

  it('yearly: a fresh 500 in the second month of the year, none before it', async () => {
    now = Date.now();
    const b = await registerBusiness(t, 'Yearly Texts');
    const p = await buy(b, 'yearly');
    expect(p.ends - p.starts).toBeGreaterThan(364 * DAY);
    // The month arithmetic of the rule, for a purchase made on any day: Luxon's in UTC.
    const second = DateTime.fromMillis(p.starts, { zone: 'utc' }).plus({ months: 1 }).toMillis();

    expect(await send(b, 50, p.starts + 1000)).toEqual({ queued: 50, skipped: 0 });
    expect(await send(b, 1, second - 1000)).toEqual({ queued: 0, skipped: 1 });
    await travel(second + 1000, b);
    expect(await balance(b)).toEqual({ allowance: 500, consumed: 0, balance: 500 });
    expect(await viewSms(b)).toMatchObject({ consumed: 0, balance: 500 });
    expect(await send(b, 3, second + 2000)).toEqual({ queued: 3, skipped: 0 });
    expect(await allowanceRow(b)).toEqual({ consumed: 30, window_starts_at: new Date(second) });
    expect(await balance(b)).toEqual({ allowance: 500, consumed: 30, balance: 470 });
  });

  it('the trial: 200 in total, never renewed while it runs, and none on FREE after it', async () => {
    now = Date.now();
    const b = await registerBusiness(t, 'Trial Texts');
    const trialEnds = (await t.http().get('/business/membership').set(h(b)).expect(200)).body.trial.ends_at as string;
    expect(await send(b, 20, now + 1000)).toEqual({ queued: 20, skipped: 0 });
    expect(await send(b, 1, now + 2000)).toEqual({ queued: 0, skipped: 1 });
    // Weeks later, still in the trial: nothing came back.
    await travel(new Date(trialEnds).getTime() - DAY, b);
    expect(await send(b, 1, now)).toEqual({ queued: 0, skipped: 1 });
    expect(await balance(b)).toEqual({ allowance: 200, consumed: 200, balance: 0 });
    expect(await viewSms(b)).toEqual({ allowance: 200, consumed: 200, balance: 0 });
    expect(await allowanceRow(b)).toEqual({ consumed: 200, window_starts_at: null });
    // On FREE there is nothing to send.
    await travel(new Date(trialEnds).getTime() + DAY, b);
    expect(await send(b, 1, now)).toEqual({ queued: 0, skipped: 1 });
    expect((await balance(b)).allowance).toBe(0);
    expect(await skipReasons(b)).toEqual(['sms_allowance_used_up', 'sms_allowance_used_up', 'sms_allowance_used_up']);
  });
  it("tells the staff of a low and a used-up balance once a day, the business's day in its own zone", async () => {
    now = Date.now();
    const b = await registerBusiness(t, 'Far East Texts');
    // Kiritimati is UTC+14: 09:30 and 10:30 UTC of one day fall on two of its days.
    await t.http().post('/business/update').set(h(b)).send({ time_zone: 'Pacific/Kiritimati' }).expect(200);
    const day = DateTime.fromMillis(now, { zone: 'utc' }).plus({ days: 1 }).startOf('day');
    const before = day.set({ hour: 9, minute: 30 });
    const after = day.set({ hour: 10, minute: 30 });
    const there = (d: DateTime) => d.setZone('Pacific/Kiritimati').toISODate();
    expect(there(before)).toBe(day.toISODate());
    expect(there(after)).toBe(day.plus({ days: 1 }).toISODate());
    // The trial's 200 in one go: low; then one more at each hour: used up, on each of its days.
    expect(await send(b, 20, before.toMillis())).toEqual({ queued: 20, skipped: 0 });
    expect(await send(b, 1, before.toMillis() + 60_000)).toEqual({ queued: 0, skipped: 1 });
    expect(await send(b, 1, before.toMillis() + 120_000)).toEqual({ queued: 0, skipped: 1 });
    expect(await send(b, 1, after.toMillis())).toEqual({ queued: 0, skipped: 1 });
    const notices = await t.database.db
      .selectFrom('staff_notifications')
      .select('dedupe_key')
      .where('tenant_id', '=', b.businessId)
      .orderBy('dedupe_key')
      .execute();
    expect(notices.map((n) => n.dedupe_key)).toEqual([
      `sms-low:${day.toISODate()}`,
      `sms-used-up:${day.toISODate()}`,
      `sms-used-up:${day.plus({ days: 1 }).toISODate()}`,
    ]);
  });
});
