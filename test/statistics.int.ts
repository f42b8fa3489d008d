import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { Client } from 'pg';
import { rebuildProjection } from '@tabour/eventstore';
import { statisticsProjection, STATISTICS_TABLES } from '@tabour/statistics';
import { ProjectionRegistry } from '../apps/api/src/eventing';
import { QueueClock } from '../apps/api/src/queues/clock';
import { AnalyticsKeeper } from '../apps/api/src/statistics/analytics/keeper';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, openCounter, pushTicket } from './support/queue-fixtures';
import { caughtUp, waitFor } from './eventstore-support';

/*
 * A scripted morning on the spring daylight-saving day in Paris (2026-03-29: 02:00 local does
 * not exist, 01:59 is followed by 03:00), driven through the API with the queue's clock pinned,
 * then every figure compared with values worked out by hand below.
 *
 *   ticket  pushed (UTC / Paris)   called          left                      wait     service
 *   t1      00:30Z / 01:30         01:10Z / 03:10  ended 01:15Z              2400 s   300 s
 *   t2      00:50Z / 01:50         01:15Z / 03:15  ended 01:25Z              1500 s   600 s
 *   t3      01:05Z / 03:05         01:25Z / 03:25  ended 01:40Z              1200 s   900 s
 *   t4      01:20Z / 03:20         —               revoked 01:30Z            —        —
 *   t5      2026-03-28 22:30Z / 23:30 on the 28th, revoked at 22:40Z (a day earlier)
 *
 * Waits fall in 30 s buckets 80, 50, 40: mean 1700, median the middle of bucket 50 (1515), p90
 * the third of three (bucket 80 → 2415). Services in buckets 10, 20, 30: mean 600, median 615,
 * p90 915. Arrivals by local hour on Sunday: two at 01, two at 03 (none at 02); waits are
 * counted at the hour of the call, 03: (2400 + 1500 + 1200) / 3 = 1700.
 */
const ZONE = 'Europe/Paris';
const DAY = '2026-03-29';
const range = { from: '2026-03-28', to: '2026-03-30' };

describe('statistics', () => {
  let t: TestApp;
  let a: Staff;
  let b: Staff;
  let queueId: string;
  let counterId: string;
  let otherQueueId: string;
  let clock: jest.SpyInstance;
  const tickets: Record<string, { id: string; uid: string }> = {};

  const at = (iso: string) => clock.mockImplementation(async () => ({ at: iso, day: iso.startsWith('2026-03-28T22') ? '2026-03-28' : DAY }));
  const post = (who: Staff, path: string, body: Record<string, unknown> = {}) => t.http().post(`/business/statistic${path}`).set(who.h).send(body);
  const settled = () => waitFor(() => caughtUp(t.database.db, statisticsProjection.name), 'the statistics projection');

  beforeAll(async () => {
    t = await createTestApp({ DAY_END_JOB: 'off' });
    a = await newBusiness(t, 'Statistics Clinic');
    b = await newBusiness(t, 'Other Clinic');
    await t.http().post('/business/update').set(a.h).send({ time_zone: ZONE }).expect(200);
    clock = jest.spyOn(t.app.get(QueueClock), 'now');
    clock.mockImplementation(async () => ({ at: new Date().toISOString(), day: DAY }));
    const q = await newQueue(t, a, {}, ['Desk 1']);
    queueId = q.id;
    counterId = q.counters[0].id;
    otherQueueId = (await newQueue(t, b, {}, ['Desk B'])).id;
    await openCounter(t, a, queueId, counterId);

    at('2026-03-28T22:30:00Z');
    tickets.t5 = await pushTicket(t, a, queueId);
    at('2026-03-28T22:40:00Z');
    await t.http().delete(`/business/queue/${queueId}/revoke/${tickets.t5.id}`).set(a.h).expect(200);
    for (const [name, when] of [
      ['t1', '2026-03-29T00:30:00Z'],
      ['t2', '2026-03-29T00:50:00Z'],
      ['t3', '2026-03-29T01:05:00Z'],
      ['t4', '2026-03-29T01:20:00Z'],
    ]) {
      at(when);
      tickets[name] = await pushTicket(t, a, queueId);
    }
    const call = async (when: string) => {
      at(when);
      await t.http().post(`/business/queue/${queueId}/call`).set(a.h).send({ counter_id: counterId }).expect(200);
    };
    await call('2026-03-29T01:10:00Z');
    await call('2026-03-29T01:15:00Z');
    await call('2026-03-29T01:25:00Z');
    at('2026-03-29T01:30:00Z');
    await t.http().delete(`/business/queue/${queueId}/revoke/${tickets.t4.id}`).set(a.h).expect(200);
    at('2026-03-29T01:40:00Z');
    await t.http().post(`/business/queue/${queueId}/end/${tickets.t3.id}`).set(a.h).expect(200);
    await t
      .http()
      .put(`/user/queue/uid/${tickets.t1.uid}/feedback`)
      .send({ stars: 4 })
      .expect((r) => expect([200, 201]).toContain(r.status));
    await t
      .http()
      .put(`/user/queue/uid/${tickets.t2.uid}/feedback`)
      .send({ stars: 5 })
      .expect((r) => expect([200, 201]).toContain(r.status));
    await t
      .http()
      .post(`/business/queue/${queueId}/counter/${counterId}/close`)
      .set(a.h)
      .expect((r) => expect(r.status).toBeLessThan(300));

    // The other business: one ticket today, which must never show in A's figures.
    clock.mockImplementation(async () => ({ at: new Date().toISOString(), day: new Date().toISOString().slice(0, 10) }));
    await pushTicket(t, b, otherQueueId);
    await settled();
  }, 120_000);

  const analystRoles: string[] = [];

  afterAll(async () => {
    clock?.mockRestore();
    const analytics = t?.app.get(AnalyticsKeeper).database;
    await t?.close();
    // Made with the first analyst, beside the test's database.
    if (analytics) {
      const admin = new Client({ connectionString: process.env.TABOUR_TEST_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${analytics}" WITH (FORCE)`);
      // Roles belong to the whole server: one a failed test left is dropped with its database's grants gone.
      for (const role of analystRoles) await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });

  it('counts the DST day’s tickets in the business’s local days, with waits and service times from the buckets', async () => {
    const res = await post(a, '/filter', range).expect(200);
    const o = res.body;
    expect(o).toMatchObject({ from: range.from, to: range.to, period: 'daily', time_zone: ZONE });
    expect(o.series.map((p: { bucket: string }) => p.bucket)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    const [d28, d29, d30] = o.series;
    expect(d28).toMatchObject({ taken: 1, cancelled: 1, served: 0 });
    expect(d29).toMatchObject({ taken: 4, served: 3, cancelled: 1, no_show: 0, absent: 0, redirected: 0 });
    expect(d30).toMatchObject({ taken: 0, served: 0 });
    expect(d29.wait).toEqual({ count: 3, total_seconds: 5100, mean_seconds: 1700, median_seconds: 1515, p90_seconds: 2415 });
    expect(d29.service).toEqual({ count: 3, total_seconds: 1800, mean_seconds: 600, median_seconds: 615, p90_seconds: 915 });
    expect(o.totals).toMatchObject({ taken: 5, served: 3, cancelled: 2 });
    expect(o.serve_ratio).toBe(0.6);
    expect(o.drop_off).toBe(0.4);
    // The queue's rollup and the detailed table (asked through a member) agree.
    const byQueue = (await post(a, '/filter', { ...range, queue_id: queueId }).expect(200)).body;
    expect(byQueue.totals).toEqual(o.totals);
    const byMember = (await post(a, '/AvgWatingService', { ...range, member_id: a.userId }).expect(200)).body;
    expect(byMember.wait).toEqual(d29.wait);
    expect(byMember.service).toEqual(d29.service);
    const monthly = (await post(a, '/filter', { ...range, period: 'monthly' }).expect(200)).body;
    expect(monthly.series).toHaveLength(1);
    expect(monthly.series[0]).toMatchObject({ bucket: '2026-03-01', taken: 5, served: 3 });
  });

  it('places arrivals by local hour (no 02:00 that night), on a Sunday in the heatmap, with the hour peak', async () => {
    const peak = (await post(a, '/hourPeak', { from: DAY, to: DAY }).expect(200)).body;
    expect(peak.hours.filter((h: { tickets: number }) => h.tickets)).toEqual([
      { hour: 1, tickets: 2 },
      { hour: 3, tickets: 2 },
    ]);
    expect(peak.peak_hour).toBe(1);
    const heat = (await post(a, '/visiteFrequency', { from: DAY, to: DAY }).expect(200)).body;
    const busy = heat.heatmap.filter((c: { tickets: number; average_wait_seconds: number | null }) => c.tickets || c.average_wait_seconds);
    expect(busy).toEqual([
      { weekday: 7, hour: 1, tickets: 2, average_wait_seconds: null },
      { weekday: 7, hour: 3, tickets: 2, average_wait_seconds: 1700 },
    ]);
    expect(heat.series).toEqual([{ bucket: DAY, tickets: 4, bookings: 0 }]);
  });

  it('answers average times, service level against a target, counters and walk-ins', async () => {
    const avg = (await post(a, '/AvgWatingService', { from: DAY, to: DAY }).expect(200)).body;
    expect(avg.wait.mean_seconds).toBe(1700);
    expect(avg.service.mean_seconds).toBe(600);
    // 1200 s (bucket 40, up to 1230) is within 1500; 1500 s (bucket 50, 1500–1530) is not.
    const level = (await post(a, '/serviceLevel', { from: DAY, to: DAY, target_seconds: 1500 }).expect(200)).body;
    expect(level).toMatchObject({ target_seconds: 1500, waits: 3, within_target: 1, share: 0.3333 });
    const counters = (await post(a, '/serviceDurationsPerCounter', { from: DAY, to: DAY }).expect(200)).body;
    expect(counters.counters).toEqual([
      expect.objectContaining({ counter_id: counterId, name: 'Desk 1', queue_id: queueId, served: 3, service: expect.objectContaining({ mean_seconds: 600 }) }),
    ]);
    // Over months, a breakdown reads whole months from the monthly sums and the days at either end from the daily ones.
    for (const span of [
      { from: '2026-02-01', to: '2026-04-30' },
      { from: '2026-02-15', to: '2026-04-10' },
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-03-29', to: '2026-05-02' },
    ]) {
      expect((await post(a, '/serviceDurationsPerCounter', span).expect(200)).body.counters).toEqual(counters.counters);
      expect((await post(a, '/serviceDurations', span).expect(200)).body.services).toEqual(
        (await post(a, '/serviceDurations', { from: DAY, to: DAY })).body.services,
      );
    }
    const customers = (await post(a, '/customerStat', range).expect(200)).body;
    expect(customers.totals).toEqual({ new_customers: 0, returning_customers: 0, walk_ins: 5 });
    expect(customers.serve_ratio).toBe(0.6);
    const services = (await post(a, '/servicefrequency', { from: DAY, to: DAY }).expect(200)).body;
    expect(services.services).toEqual([{ service_id: null, name: null, taken: 4, served: 3, share: 1 }]);
  });

  it('rates the counter from the customers’ feedback and measures the estimate given at push against the real wait', async () => {
    // The feedback was given now, so it counts on the business's today, which is not UTC's near midnight.
    const today = DateTime.now().setZone(ZONE).toISODate()!;
    const fb = (await post(a, '/counterFeedback', { from: '2026-03-01', to: today }).expect(200)).body;
    expect(fb.overall).toEqual({ count: 2, average: 4.5, by_stars: [0, 0, 0, 1, 1] });
    expect(fb.counters).toEqual([{ counter_id: counterId, name: 'Desk 1', ratings: { count: 2, average: 4.5, by_stars: [0, 0, 0, 1, 1] } }]);

    const pushed = await sql<{ id: string; est: number }>`SELECT data->'ticket'->>'id' AS id, (data->>'estimated_wait_seconds')::int AS est
      FROM es_events WHERE event_type = 'TicketPushed' AND tenant_id = ${a.businessId}`.execute(t.database.db);
    const est = new Map(pushed.rows.map((r) => [r.id, r.est]));
    const real = { t1: 2400, t2: 1500, t3: 1200 } as Record<string, number>;
    const errors = Object.entries(real).map(([k, w]) => ({ err: Math.abs(w - est.get(tickets[k].id)!), under: est.get(tickets[k].id)! < w ? 1 : 0 }));
    const acc = (await post(a, '/estimateAccuracy', { from: DAY, to: DAY }).expect(200)).body;
    expect(acc.weeks).toEqual([
      {
        week: '2026-03-23',
        queue_id: queueId,
        count: 3,
        mean_absolute_error_seconds: Math.round(errors.reduce((s, e) => s + e.err, 0) / 3),
        under_estimated_share: Math.round((errors.reduce((s, e) => s + e.under, 0) / 3) * 10000) / 10000,
      },
    ]);
  });

  it('gives the queue’s counter statistics for this month and year, the dashboard and the other calls', async () => {
    const month = (await t.http().get(`/business/queue/${queueId}/counterStats?period=month`).set(a.h).expect(200)).body;
    expect(month).toMatchObject({ queue_id: queueId, period: 'month', time_zone: ZONE });
    // The desk was opened and closed today: its open time is today's, its services the DST day's.
    expect(month.counters).toEqual([expect.objectContaining({ counter_id: counterId, served: 0 })]);
    const year = (await t.http().get(`/business/queue/${queueId}/counterStats?period=year`).set(a.h).expect(200)).body;
    expect(year.counters[0]).toMatchObject({ counter_id: counterId, served: 3 });
    expect(year.members).toEqual([expect.objectContaining({ member_id: a.userId, served: 3 })]);

    const member = (await t.http().get(`/business/team/${a.userId}/counterStats?period=year`).set(a.h).expect(200)).body;
    expect(member).toMatchObject({ member_id: a.userId, period: 'year', served: 3, service: { count: 3, mean_seconds: 600 } });
    expect(member.counters).toEqual([expect.objectContaining({ counter_id: counterId, served: 3 })]);
    expect((await t.http().get(`/business/team/${b.userId}/counterStats`).set(a.h)).status).toBe(404);

    const home = (await t.http().get('/business/statistic/home').set(a.h).expect(200)).body;
    expect(home.today).toMatchObject({ taken: 0, waiting: 0 });
    const homeFiltered = (await post(a, '/home/filter', range).expect(200)).body;
    expect(homeFiltered.service_consumption).toEqual([{ service_id: null, name: null, taken: 5, served: 3 }]);
    expect((await post(a, '/tickets', range).expect(200)).body.totals).toMatchObject({ taken: 5, served: 3, cancelled: 2 });
    expect((await post(a, '/bookings', range).expect(200)).body.totals).toEqual({ made: 0, cancelled: 0, honoured: 0, no_show: 0, online: 0, staff: 0 });
    expect((await post(a, '/totalSms', range).expect(200)).body.total).toEqual({ count: 0, segments: 0, cost: 0 });
    expect((await post(a, '/bookingPaymentStat', range).expect(200)).body.total).toEqual({ count: 0, amount_cents: 0 });
    expect((await post(a, '/bookingPaymentAllTransactions', range).expect(200)).body).toMatchObject({ data: [], total: 0, page: 1 });
    const durations = (await post(a, '/serviceDurations', { from: DAY, to: DAY }).expect(200)).body;
    expect(durations.services[0].histogram).toEqual([
      { from_seconds: 300, count: 1 },
      { from_seconds: 600, count: 1 },
      { from_seconds: 900, count: 1 },
    ]);
    expect((await t.http().get('/business/statistic').set(a.h).expect(200)).body.period).toBe('daily');
  });

  it('refuses bad filters with 422, another business’s ids with 404, and shows a business none of another’s figures', async () => {
    const bad = await post(a, '/filter', { from: '2026-02-30', to: '2026-03-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toBeDefined();
    expect((await post(a, '/filter', { from: '2026-03-02', to: '2026-03-01' })).body.errors.to).toBeDefined();
    expect((await post(a, '/visiteFrequency', { period: 'hourly' })).status).toBe(422);
    expect((await post(a, '/servicefrequency', { queue_id: 'nope' })).status).toBe(422);
    expect((await post(a, '/serviceLevel', { target_seconds: 0 })).status).toBe(422);
    expect((await post(a, '/filter', { unknown: 1 })).status).toBe(422);
    expect((await post(a, '/filter', { queue_id: otherQueueId })).status).toBe(404);
    expect((await post(a, '/filter', { counter_id: randomUUID() })).status).toBe(404);
    expect((await t.http().get(`/business/queue/${otherQueueId}/counterStats`).set(a.h)).status).toBe(404);
    expect((await t.http().get(`/business/queue/${queueId}/counterStats?period=week`).set(a.h)).status).toBe(422);
    expect((await t.http().post('/business/statistic/filter').send(range)).status).toBe(401);
    const theirs = (await post(b, '/filter', range).expect(200)).body;
    expect(theirs.totals).toMatchObject({ taken: 0, served: 0 });
    expect((await post(b, '/filter', { queue_id: queueId })).status).toBe(404);
  });

  it('rebuilt from position 0, the statistics tables hold the same rows as the live run', async () => {
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of STATISTICS_TABLES) {
        out[table] = (await sql`SELECT * FROM ${sql.table(table)}`.execute(t.database.db)).rows.map((r) => JSON.stringify(r)).sort();
      }
      return out;
    };
    const live = await snapshot();
    expect(live.statistics_tickets_daily.length).toBeGreaterThan(0);
    await sql`UPDATE statistics_tickets_daily SET taken = taken + 100`.execute(t.database.db);
    const registered = t.app.get(ProjectionRegistry).find(statisticsProjection.name)!;
    const result = await rebuildProjection(t.database.db, registered);
    expect(result.events).toBeGreaterThan(10);
    expect(await snapshot()).toEqual(live);
  });

  it('gives an analyst’s read-only role one business’s rows through the views of the analytics database, and no write', async () => {
    const role = `tabour_analyst_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    analystRoles.push(role);
    const keeper = t.app.get(AnalyticsKeeper);
    await keeper.addAnalyst(role, a.businessId, { password: 'analyst-pass-0123' });
    const url = new URL(keeper.url);
    url.username = role;
    url.password = 'analyst-pass-0123';
    const c = new Client({ connectionString: url.toString() });
    await c.connect();
    try {
      // The product fills the analytics database from its log, a moment behind.
      const all = () => sql<{ n: number }>`SELECT count(DISTINCT tenant_id)::int AS n FROM statistics_tickets_daily`.execute(keeper.analytics());
      await waitFor(async () => (await all()).rows[0].n === 2, 'both businesses in the analytics database');
      const seen = await c.query('SELECT DISTINCT tenant_id FROM statistics_v1_tickets_daily');
      expect(seen.rows).toEqual([{ tenant_id: a.businessId }]);
      const direct = await c.query('SELECT DISTINCT tenant_id FROM statistics_tickets_daily');
      expect(direct.rows).toEqual([{ tenant_id: a.businessId }]);
      await c.query(`SET app.tenant_id = '${b.businessId}'`);
      expect((await c.query('SELECT count(*)::int AS n FROM statistics_v1_tickets_daily WHERE tenant_id = $1', [b.businessId])).rows[0].n).toBe(0);
      await expect(c.query('DELETE FROM statistics_tickets_daily')).rejects.toThrow(/read-only|permission denied/);
      // Nothing but the statistics is there.
      await expect(c.query('SELECT count(*) FROM queue_tickets')).rejects.toThrow(/does not exist/);
      await c.query('SET default_transaction_read_only = off');
      await expect(
        c.query(`INSERT INTO statistics_tickets_daily (tenant_id, day, queue_id, service_id, department_id, counter_id, member_id)
          VALUES ('${a.businessId}', '2026-01-01', '${queueId}', '${queueId}', '${queueId}', '${queueId}', '${queueId}')`),
      ).rejects.toThrow(/permission denied/);
    } finally {
      await c.end();
      await keeper.removeAnalyst(role);
    }
  });
});
