import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { Db } from '@tabour/platform';
import { createApp } from '../../apps/api/src/bootstrap';
import { benchConfig } from '../app';
import { BenchContext, BenchSuite, percentile } from '../harness';
import { apiCaller, historyHandled, registerOwner } from '../api';
import { LoadClient, startLoadClient } from '../load/client';

const ZONE = 'Europe/Paris';
const DEPARTMENTS = 20;
const MEMBERS = 50;
const DAYS = 730;
/** Bookings a day: the busy department (whose month the calendar reads) and each of the others. At scale 1, 730 × (66 + 19 × 11) ≈ 200,000. */
const BUSY_PER_DAY = 66;
const OTHER_PER_DAY = 11;
/** Half-hour slots from 08:00 to 18:00. */
const SLOTS = 20;
const CLIENTS = 20;
/** The mean pause of each desk between two bookings in the paced run: 40 bookings a second in all, far above a front office's peak. */
const PACE_MS = 500;

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/**
 * Two years of bookings (one past, one ahead) as the store would hold them: one stream per
 * booking with its BookingCreated (and BookingCompleted for the past), and the book's rows as
 * the projection leaves them, written with a few INSERT … SELECT. Each department's bookings of
 * a day fill its slots from 08:00, a place each; the first place of a slot has the department's
 * first member, so no member is booked twice at once.
 */
async function seedBook(db: Db, tenantId: string, departments: { id: string; member: string; per_day: number }[], today: string): Promise<number> {
  await sql`
    INSERT INTO bookings (id, tenant_id, department_id, member_id, customer_id, queue_id, counter_ids, service_ids, duration, starts_at, ends_at, local_date, slot, additional_data,
      remarks, is_online, channel, sync_booking_with_graph, location, phone_number, attachments, status, ticket_id, cancel_reason, created_at, updated_at)
    SELECT gen_random_uuid(), ${tenantId}::uuid, d.id, CASE WHEN s < ${SLOTS} THEN d.member END, NULL, NULL, '[]', '[]', 30, x.starts, x.starts + interval '30 minutes', x.day,
      to_char(x.local, 'HH24:MI'), '{}', NULL, false, 'staff', false, NULL, NULL, '[]', CASE WHEN x.day < ${today}::date THEN 'completed' ELSE 'confirmed' END, NULL, NULL,
      x.starts - interval '20 days', x.starts - interval '20 days'
    FROM jsonb_to_recordset(${JSON.stringify(departments)}::jsonb) AS d(id uuid, member uuid, per_day int),
      generate_series(0, ${DAYS - 1}::int) AS k,
      LATERAL generate_series(0, d.per_day - 1) AS s,
      LATERAL (SELECT ${today}::date - ${DAYS / 2}::int + k AS day) y,
      LATERAL (SELECT y.day, y.day + time '08:00' + (s % ${SLOTS}) * interval '30 minutes' AS local,
                      (y.day + time '08:00' + (s % ${SLOTS}) * interval '30 minutes') AT TIME ZONE ${ZONE} AS starts) x`.execute(db);
  const meta = JSON.stringify({ tenantId, actor: { type: 'system', name: 'history' }, correlationId: randomUUID(), schemaVersion: 1 });
  await sql`INSERT INTO es_streams (stream_id, category, tenant_id, created_at) SELECT 'booking-' || id, 'booking', tenant_id, created_at FROM bookings WHERE tenant_id = ${tenantId}`.execute(
    db,
  );
  await sql`
    INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
    SELECT 'booking-' || b.id, 0, 'booking', b.tenant_id, gen_random_uuid(), 'BookingCreated',
      jsonb_build_object('booking_id', b.id, 'business_id', b.tenant_id, 'department_id', b.department_id, 'member_id', b.member_id, 'service_ids', '[]'::jsonb, 'duration', 30,
        'starts_at', b.starts_at, 'ends_at', b.ends_at, 'date', b.local_date, 'slot', b.slot, 'customer_id', NULL, 'queue_id', NULL, 'counter_ids', '[]'::jsonb,
        'additional_data', '{}'::jsonb, 'remarks', NULL, 'is_online', false, 'sync_booking_with_graph', false, 'location', NULL, 'phone_number', NULL,
        'attachments', '[]'::jsonb, 'channel', 'staff', 'status', 'confirmed'),
      ${meta}::jsonb, b.created_at
    FROM bookings b WHERE b.tenant_id = ${tenantId} ORDER BY b.created_at`.execute(db);
  await sql`
    INSERT INTO es_events (stream_id, revision, category, tenant_id, event_id, event_type, data, metadata, recorded_at)
    SELECT 'booking-' || b.id, 1, 'booking', b.tenant_id, gen_random_uuid(), 'BookingCompleted', jsonb_build_object('booking_id', b.id, 'business_id', b.tenant_id), ${meta}::jsonb, b.ends_at
    FROM bookings b WHERE b.tenant_id = ${tenantId} AND b.status = 'completed' ORDER BY b.ends_at`.execute(db);
  return Number((await sql<{ n: string }>`SELECT count(*) AS n FROM bookings WHERE tenant_id = ${tenantId}`.execute(db)).rows[0].n);
}

async function run(ctx: BenchContext): Promise<void> {
  const scale = ctx.scale;
  const busyPerDay = Math.max(2, Math.round(BUSY_PER_DAY * scale));
  const otherPerDay = Math.max(1, Math.round(OTHER_PER_DAY * scale));
  const reads = Math.max(50, Math.round(300 * Math.min(1, scale * 4)));
  const creates = Math.max(200, Math.round(2000 * Math.min(1, scale * 4)));
  const { url, db } = await ctx.createDatabase(2);
  const config = benchConfig({ DAY_END_JOB: 'off', BOOKING_JOB: 'off', NOTIFICATIONS_SENDER: 'off', REMINDER_JOB: 'off' });
  let app = await createApp(config, url, { logger: ['error'] });
  let base = '';
  const listen = async () => {
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  };
  let client: LoadClient | null = null;
  try {
    await listen();
    const call = apiCaller(() => base);
    const { owner, tenantId } = await registerOwner(base, 'Bench Bookings', 'FR');

    // The business, its 20 departments and 50 bookable members, through the API.
    const week = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
      day,
      open: true,
      ranges: [{ from: '08:00', to: '18:00' }],
    }));
    await call('POST', '/business/update', owner, { time_zone: ZONE });
    await call('POST', '/business/bookingdays/update', owner, { working_days: week });
    const departments: string[] = [];
    for (let i = 0; i < DEPARTMENTS; i++) {
      departments.push(
        ((await call('PUT', '/business/department/create', owner, { name: `Department ${i}`, slot_duration: 30, max_bookings_per_slot: 5 })) as { id: string })
          .id,
      );
    }
    const firstMember: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = (await call('POST', '/business/team/create', owner, {
        first_name: 'Member',
        last_name: `${i}`,
        email: `member${i}.${randomUUID().slice(0, 6)}@example.test`,
        position: 'Employee',
        is_bookable: true,
        department_id: departments[i % DEPARTMENTS],
      })) as { id: string };
      if (i < DEPARTMENTS) firstMember.push(m.id);
    }

    const today = DateTime.now().setZone(ZONE).toISODate()!;
    const t0 = Date.now();
    const total = await seedBook(
      db,
      tenantId,
      departments.map((id, i) => ({ id, member: firstMember[i], per_day: i === 0 ? busyPerDay : otherPerDay })),
      today,
    );
    await sql`VACUUM (ANALYZE) es_events, es_streams, bookings`.execute(db);
    await sql`CHECKPOINT`.execute(db);
    ctx.log(`bookings: ${total} bookings over ${DAYS} days in ${DEPARTMENTS} departments, seeded in ${Math.round((Date.now() - t0) / 1000)} s`);
    ctx.report('bookings.store.bookings', total, 'bookings');
    // The history was there before this installation started: the change relay begins at the head.
    await app.close();
    await historyHandled(db);
    app = await createApp(config, url, { logger: ['error'] });
    await listen();
    client = await startLoadClient();

    const day = (n: number) => DateTime.fromISO(today).plus({ days: n }).toISODate()!;
    const floor = async (workers: number, total: number) =>
      sorted((await client!.run({ op: 'concurrent', base, method: 'GET', path: '/business/bookingSettings', token: owner, total, workers })).times);

    // Free slots of the busy department over 30 days, one screen after another.
    const floor1 = await floor(1, reads);
    ctx.report('baseline.http.authorisedGet.c1.p95', percentile(floor1, 95), 'ms');
    const available = await client.run({
      op: 'concurrent',
      base,
      method: 'GET',
      path: `/business/booking/available/?dep=${departments[0]}&from=${day(0)}&to=${day(29)}`,
      token: owner,
      total: reads,
      workers: 1,
    });
    ctx.report('bookings.availability.dept30days.p50', percentile(sorted(available.times), 50), 'ms');
    ctx.report('bookings.availability.dept30days.p95', percentile(sorted(available.times), 95), 'ms', { op: '<=', value: 20 });

    // The busy department's month on the calendar.
    const month = { from: day(1), to: day(30), department_id: departments[0] };
    const shown = ((await call('POST', '/business/booking/range?pagination=off', owner, month)) as { data: unknown[] }).data.length;
    const calendar = await client.run({
      op: 'concurrent',
      base,
      method: 'POST',
      path: '/business/booking/range?pagination=off',
      token: owner,
      body: month,
      total: reads,
      workers: 1,
    });
    ctx.report(`bookings.calendarMonth.${shown}.p50`, percentile(sorted(calendar.times), 50), 'ms');
    ctx.report(`bookings.calendarMonth.${shown}.p95`, percentile(sorted(calendar.times), 95), 'ms', { op: '<=', value: 50 });

    // 20 desks booking, each a different free place: the afternoons of the quiet departments,
    // enough for a paced run and a flat-out one.
    const places: { department_id: string; starts_at: string }[] = [];
    for (let n = 1; places.length < 2 * creates; n++) {
      for (let d = 1; d < DEPARTMENTS && places.length < 2 * creates; d++) {
        for (let s = otherPerDay; s < SLOTS && places.length < 2 * creates; s++) {
          places.push({
            department_id: departments[d],
            starts_at: DateTime.fromISO(`${day(n)}T08:00`, { zone: ZONE })
              .plus({ minutes: 30 * s })
              .toISO()!,
          });
        }
      }
      if (n > 28) throw new Error('not enough free places for the create runs');
    }
    // In no particular order, as desks book: consecutive places would all wait on one department's day.
    for (let i = places.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [places[i], places[j]] = [places[j], places[i]];
    }
    const rounds = Math.ceil(creates / CLIENTS);
    const desks = Array.from({ length: CLIENTS }, (_, c) => ({
      token: owner,
      path: '/business/booking/create',
      bodies: places.slice(c * rounds, (c + 1) * rounds),
    }));
    // 20 desks each booking on average every PACE_MS, beside the
    // same desks reading at that pace: the goal's figure.
    const floorPaced = await client.run({
      op: 'paced',
      base,
      method: 'GET',
      agents: desks.map((d) => ({ token: d.token, path: '/business/bookingSettings' })),
      rounds,
      paceMs: PACE_MS,
    });
    ctx.report(`baseline.http.authorisedGet.paced${CLIENTS}.p99`, percentile(sorted(floorPaced.times), 99), 'ms');
    const paced = await client.run({ op: 'paced', base, method: 'PUT', agents: desks, rounds, paceMs: PACE_MS });
    const pacedTimes = sorted(paced.times);
    ctx.report(`bookings.create.paced${CLIENTS}.p50`, percentile(pacedTimes, 50), 'ms');
    ctx.report(`bookings.create.paced${CLIENTS}.p99`, percentile(pacedTimes, 99), 'ms', { op: '<=', value: 40 });

    // The same 20 desks with no pause at all (the machine's limit, beside a read under the same load).
    const floor20 = await floor(CLIENTS, creates);
    ctx.report(`baseline.http.authorisedGet.c${CLIENTS}.p99`, percentile(floor20, 99), 'ms');
    const created = await client.run({
      op: 'concurrent',
      base,
      method: 'PUT',
      path: '/business/booking/create',
      token: owner,
      bodies: places.slice(CLIENTS * rounds),
      total: creates,
      workers: CLIENTS,
    });
    const times = sorted(created.times);
    ctx.report(`bookings.create.c${CLIENTS}.p50`, percentile(times, 50), 'ms');
    ctx.report(`bookings.create.c${CLIENTS}.p99`, percentile(times, 99), 'ms');
  } finally {
    await client?.close();
    await app.close();
  }
}

export const suite: BenchSuite = { name: 'bookings', run };
