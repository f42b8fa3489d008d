import { sql } from 'kysely';
import { verifyAsDocumented, WebhookReceiver } from '../../test/support/webhook-receiver';
import { benchApp } from '../app';
import { callingDesks, sorted, waitFor } from '../fixtures';
import { BenchContext, BenchSuite, percentile } from '../harness';
import { LoadClient, startLoadClient } from '../load/client';

/** Desks calling at once, each on average every PACE_MS: 100 calls, so 100 `ticket.called` events, a second. */
const AGENTS = 20;
const PACE_MS = 200;

/**
 * From an agent's call (its commit) to the signed `ticket.called` reaching a receiver on this
 * machine, with 20 desks calling 100 times a second: the recorder subscription, the outbox, the
 * sender's claim and the POST, as an integrator's webhook lives them.
 */
async function run(ctx: BenchContext): Promise<void> {
  const rounds = Math.max(10, Math.round(50 * ctx.scale));
  const receiver = await WebhookReceiver.start();
  const { url, db } = await ctx.createDatabase(2);
  const app = await benchApp(url, { REMINDER_JOB: 'off', DAY_END_JOB: 'off', BOOKING_JOB: 'off' });
  let client: LoadClient | null = null;
  try {
    const { base, call, owner, tenantId, queueId, agents } = await callingDesks(app, 'Bench Webhooks', AGENTS);
    const hook = (await call('POST', '/business/integrations/webhooks', owner, { url: receiver.url, event_types: ['ticket.called'] })) as { secret: string };
    const calls = AGENTS * rounds;
    for (let i = 0; i < calls; i++) await call('PUT', `/business/queue/${queueId}/push`, owner, {});

    // When each called ticket's delivery reaches the receiver (its first arrival).
    const arrived = new Map<string, number>();
    const seen = receiver.received.length;
    const note = () => {
      for (const r of receiver.received.slice(seen))
        if (r.envelope.type === 'ticket.called' && !arrived.has(r.envelope.record.id)) arrived.set(r.envelope.record.id, r.at);
    };
    client = await startLoadClient();
    const paced = await client.run({ op: 'paced', base, method: 'POST', agents, rounds, paceMs: PACE_MS });
    const called = paced.ids.filter(Boolean).length;
    await waitFor(
      () => {
        note();
        return arrived.size >= called;
      },
      'every ticket.called delivered',
      60_000,
    );
    const latencies: number[] = [];
    paced.ids.forEach((id, i) => {
      const at = id ? arrived.get(id) : undefined;
      if (at !== undefined) latencies.push(at - paced.starts![i]);
    });
    if (latencies.length !== called) throw new Error('a call reached the receiver not at all');
    const forged = receiver.received.slice(seen).filter((r) => !verifyAsDocumented(r.headers['tabour-signature'] as string, r.body, hook.secret)).length;
    if (forged) throw new Error(`${forged} deliveries did not verify`);
    // Where the time goes: the commit to the recorder's row, the row to the sender's claim, the claim to the receiver's answer.
    const stages = await sql<{ recorded: number; claimed: number; delivered: number }>`
      SELECT extract(epoch FROM d.created_at - e.recorded_at) * 1000 AS recorded,
             extract(epoch FROM d.attempted_at - d.created_at) * 1000 AS claimed,
             extract(epoch FROM d.delivered_at - d.attempted_at) * 1000 AS delivered
      FROM webhook_deliveries d JOIN es_events e ON e.event_id = d.event_id
      WHERE d.tenant_id = ${tenantId} AND d.status = 'delivered'`.execute(db);
    const stage = (k: 'recorded' | 'claimed' | 'delivered') => {
      const xs = sorted(stages.rows.map((r) => Number(r[k])));
      return `p50 ${percentile(xs, 50).toFixed(1)} p95 ${percentile(xs, 95).toFixed(1)}`;
    };
    ctx.log(
      `webhooks: ${called} calls, ${receiver.received.length - seen} deliveries received; commit → recorded ${stage('recorded')} ms; recorded → claimed ${stage('claimed')} ms; claimed → answered ${stage('delivered')} ms`,
    );
    // The call's own answer, measured in the same run: the delivery cannot come sooner than the commit inside it.
    ctx.report(`baseline.queues.callNext.paced${AGENTS}.p95`, percentile(sorted(paced.times), 95), 'ms');
    ctx.report(`integrations.commitToWebhook.paced${AGENTS}.p50`, percentile(sorted(latencies), 50), 'ms');
    ctx.report(`integrations.commitToWebhook.paced${AGENTS}.p95`, percentile(sorted(latencies), 95), 'ms', { op: '<=', value: 200 });
  } finally {
    await client?.close();
    await app.close();
    await receiver.close();
  }
}

export const suite: BenchSuite = { name: 'webhooks', run };
