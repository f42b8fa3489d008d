import { sql } from 'kysely';
import { ReminderSweep } from '../../apps/api/src/notifications/reminders';
import { providerEnv, startFakeProviders } from '../../test/support/fake-providers';
import { benchApp } from '../app';
import { callingDesks, sorted, waitFor } from '../fixtures';
import { BenchContext, BenchSuite, percentile } from '../harness';
import { LoadClient, startLoadClient } from '../load/client';

/** Desks calling at once, each on average every PACE_MS: 100 calls a second in all. */
const AGENTS = 20;
const PACE_MS = 200;
const REMINDERS = 10_000;

/**
 * From an agent's call to the customer's SMS reaching the provider (the fake Twilio, through the
 * real SDK), with 20 desks calling 100 times a second; then 10,000 reminders due in the same
 * minute, from the sweep to the last SMS taken by the provider, each once.
 */
async function run(ctx: BenchContext): Promise<void> {
  const rounds = Math.max(10, Math.round(50 * ctx.scale));
  const reminders = Math.max(500, Math.round(REMINDERS * Math.min(1, ctx.scale)));
  const fake = await startFakeProviders();
  const { url, db } = await ctx.createDatabase(2);
  const app = await benchApp(url, {
    ...providerEnv(fake),
    NOTIFICATIONS_POLL_MS: '500',
    REMINDER_JOB: 'off',
    DAY_END_JOB: 'off',
    BOOKING_JOB: 'off',
  });
  let client: LoadClient | null = null;
  try {
    // One queue, 20 desks, and as many waiting customers (each with a phone) as will be called.
    const { base, call, owner, tenantId, queueId, agents } = await callingDesks(app, 'Bench Notifications', AGENTS);
    // A business that may send this many SMS (the trial's 200 would stop the run); none is sent before the customers come.
    await sql`UPDATE business_accounts SET trial_sms = 1000000 WHERE tenant_id = ${tenantId}`.execute(db);
    const calls = AGENTS * rounds;
    const phoneOf = new Map<string, string>();
    for (let i = 0; i < calls; i++) {
      const phone = `+336${String(20_000_000 + i)}`;
      const customer = (await call('PUT', '/business/customer/create', owner, {
        first_name: 'Client',
        last_name: `${i}`,
        phone,
        preferred_language: 'en',
      })) as { id: string };
      const ticket = (await call('PUT', `/business/queue/${queueId}/push`, owner, { customer_id: customer.id })) as { id: string };
      phoneOf.set(ticket.id, phone);
    }
    // The tickets' own SMS ("your ticket") all out before the calls start.
    const queued = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM notification_messages WHERE tenant_id = ${tenantId} AND status IN ('queued', 'sending')`.execute(
            db,
          )
        ).rows[0].n,
      );
    await waitFor(async () => (await queued()) === 0 && fake.sms.length >= calls, 'the ticket SMS sent', 120_000);

    // When each customer's call SMS ("go to Desk n") reaches the provider.
    const calledAt = new Map<string, number>();
    fake.onSms = (sms) => {
      if (sms.body.includes('Desk ') && !calledAt.has(sms.to)) calledAt.set(sms.to, Date.now());
    };
    client = await startLoadClient();
    const paced = await client.run({ op: 'paced', base, method: 'POST', agents, rounds, paceMs: PACE_MS });
    await waitFor(() => calledAt.size >= paced.ids.filter(Boolean).length, 'every call SMS', 60_000);
    const latencies: number[] = [];
    paced.ids.forEach((id, i) => {
      const at = id ? calledAt.get(phoneOf.get(id)!) : undefined;
      if (at !== undefined) latencies.push(at - paced.starts![i]);
    });
    if (latencies.length !== paced.ids.filter(Boolean).length) throw new Error('a called customer got no SMS');
    // Where the time goes: the call's commit to the reactor's record, the record to the sender's claim, the claim to the provider.
    const stages = await sql<{ recorded: number; claimed: number; sent: number }>`
      SELECT extract(epoch FROM m.created_at - e.recorded_at) * 1000 AS recorded,
             extract(epoch FROM m.claimed_at - m.created_at) * 1000 AS claimed,
             extract(epoch FROM m.sent_at - m.claimed_at) * 1000 AS sent
      FROM notification_messages m
      JOIN es_events e ON e.event_id::text = split_part(m.dedupe_key, ':', 1)
      WHERE m.tenant_id = ${tenantId} AND m.message_type = 'QUEUE_CALL_NEXT'`.execute(db);
    const stage = (k: 'recorded' | 'claimed' | 'sent') => {
      const xs = sorted(stages.rows.map((r) => Number(r[k])));
      return `p50 ${percentile(xs, 50).toFixed(1)} p95 ${percentile(xs, 95).toFixed(1)}`;
    };
    ctx.log(
      `notifications: call commit → recorded ${stage('recorded')} ms; recorded → claimed ${stage('claimed')} ms; claimed → provider answered ${stage('sent')} ms`,
    );
    const callTimes = sorted(paced.times);
    ctx.report(`baseline.queues.callNext.paced${AGENTS}.p95`, percentile(callTimes, 95), 'ms');
    ctx.report(`notifications.callToSms.paced${AGENTS}.p50`, percentile(sorted(latencies), 50), 'ms');
    ctx.report(`notifications.callToSms.paced${AGENTS}.p95`, percentile(sorted(latencies), 95), 'ms', { op: '<=', value: 200 });

    // 10,000 reminders falling due in the same minute: bookings of tomorrow, each a phone of its own.
    const dep = (await call('PUT', '/business/department/create', owner, { name: 'Consultations', slot_duration: 30, max_bookings_per_slot: 5 })) as {
      id: string;
    };
    await sql`
      INSERT INTO bookings (id, tenant_id, department_id, member_id, customer_id, queue_id, counter_ids, service_ids, duration, starts_at, ends_at, local_date, slot,
        additional_data, remarks, is_online, channel, sync_booking_with_graph, location, phone_number, attachments, status, ticket_id, cancel_reason, created_at, updated_at)
      SELECT gen_random_uuid(), ${tenantId}::uuid, ${dep.id}::uuid, NULL, NULL, NULL, '[]', '[]', 30, x.starts, x.starts + interval '30 minutes', x.starts::date,
        to_char(x.starts, 'HH24:MI'), '{}', NULL, false, 'staff', false, NULL, '+337' || (30000000 + k)::text, '[]', 'confirmed', NULL, NULL, now(), now()
      FROM generate_series(1, ${reminders}::int) k, LATERAL (SELECT date_trunc('minute', now()) + interval '1 day' + (k % 20) * interval '30 minutes' AS starts) x`.execute(
      db,
    );
    await sql`
      INSERT INTO booking_reminders (tenant_id, booking_id, message_type, starts_at, due_at, status, updated_at)
      SELECT tenant_id, id, 'BOOKING_REMINDER_24H', starts_at, date_trunc('minute', now()) + (random() * interval '59 seconds') - interval '1 minute', 'scheduled', now()
      FROM bookings WHERE tenant_id = ${tenantId}`.execute(db);
    const before = fake.sms.length;
    const r0 = Date.now();
    await app.get(ReminderSweep).run();
    await waitFor(() => fake.sms.length - before >= reminders, 'every reminder SMS', 300_000);
    const seconds = (Date.now() - r0) / 1000;
    const reminded = fake.sms.slice(before);
    const distinct = new Set(reminded.map((s) => s.to)).size;
    ctx.log(`notifications: ${reminded.length} reminder SMS taken by the provider for ${distinct} numbers`);
    if (distinct !== reminders || reminded.length !== reminders) throw new Error('a reminder was sent twice or not at all');
    ctx.report(`notifications.reminders${reminders}.allSentIn`, seconds, 's', { op: '<=', value: 60 });
    ctx.report(`notifications.reminders${reminders}.rate`, reminders / seconds, 'SMS/s');
  } finally {
    await client?.close();
    await app.close();
    await fake.close();
  }
}

export const suite: BenchSuite = { name: 'notifications', run };
