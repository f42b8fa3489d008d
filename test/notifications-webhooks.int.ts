import { createTestApp, TestApp } from './support/app';
import { SENDGRID_TOLERANCE_SECONDS } from '../apps/api/src/notifications/webhooks.service';
import { FakeProviders, providerEnv, sendgridSigner, startFakeProviders, twilioSignature } from './support/fake-providers';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

const PUBLIC_URL = 'https://tabour.test';

/** The providers' delivery reports: verified by signature, applied once, never moving a status back. */
describe('notifications: delivery reports', () => {
  let t: TestApp;
  let fake: FakeProviders;
  let owner: Staff;
  let queueId: string;
  let token: string;
  const sendgrid = sendgridSigner();

  const message = (id: string) => t.database.db.selectFrom('notification_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const messagesOf = (tenantId: string) => t.database.db.selectFrom('notification_messages').selectAll().where('tenant_id', '=', tenantId).execute();

  /** A ticket for a new customer with a phone and an address, and its SMS and e-mail once sent. */
  const sentTicket = async (phone: string, email: string) => {
    const c = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Sami', phone, email, preferred_language: 'en' });
    expect(c.status).toBe(201);
    await pushTicket(t, owner, queueId, { customer_id: c.body.id });
    return until(async () => {
      const rows = (await messagesOf(owner.businessId)).filter((m) => m.customer_id === c.body.id && m.status === 'sent');
      const sms = rows.find((m) => m.channel === 'sms');
      const mail = rows.find((m) => m.channel === 'email');
      return sms && mail && { sms, mail, customerId: c.body.id as string };
    }, 'the ticket messages sent');
  };

  /** Posts a status callback signed over the address Twilio calls, as Twilio does. */
  const status = (
    m: { id: string; provider_id: string | null },
    MessageStatus: string,
    sign: 'good' | 'wrong' | 'none' = 'good',
    extra: Record<string, string> = {},
  ) => {
    const path = `/webhooks/twilio/status?m=${m.id}`;
    const params = { MessageSid: m.provider_id!, MessageStatus, AccountSid: 'AC00000000000000000000000000000000', ...extra };
    const req = t.http().post(path).type('form').send(params);
    if (sign === 'good') req.set('X-Twilio-Signature', twilioSignature(token, `${PUBLIC_URL}${path}`, params));
    if (sign === 'wrong') req.set('X-Twilio-Signature', twilioSignature('another-token', `${PUBLIC_URL}${path}`, params));
    return req;
  };

  const events = (list: Record<string, unknown>[], headers = (body: string) => sendgrid.sign(body)) => {
    const body = JSON.stringify(list);
    return t.http().post('/webhooks/sendgrid/events').set('Content-Type', 'application/json').set(headers(body)).send(body);
  };
  const sgEvent = (m: { id: string; provider_id: string | null }, event: string, sgEventId: string) => ({
    email: m.id,
    timestamp: Math.floor(Date.now() / 1000),
    event,
    sg_event_id: sgEventId,
    sg_message_id: `${m.provider_id}.filterdrecv-5bd6c4b5d-abc-1-0`,
    tabour_message_id: m.id,
  });

  beforeAll(async () => {
    fake = await startFakeProviders();
    token = providerEnv(fake).TWILIO_AUTH_TOKEN;
    t = await createTestApp({
      ...providerEnv(fake),
      PUBLIC_URL,
      SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKey,
      NOTIFICATIONS_POLL_MS: '100',
      REMINDER_JOB: 'off',
    });
    owner = await newBusiness(t, 'Reported Clinic');
    queueId = (await newQueue(t, owner, {}, ['Desk'])).id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refuses a Twilio callback with a wrong or missing signature, changing nothing', async () => {
    const { sms } = await sentTicket('+33610000001', 'one@example.test');
    expect(sms.provider_id).toMatch(/^SM/);
    expect(fake.sms.find((s) => s.sid === sms.provider_id)!.status_callback).toBe(`${PUBLIC_URL}/webhooks/twilio/status?m=${sms.id}`);
    for (const sign of ['wrong', 'none'] as const) {
      const res = await status(sms, 'delivered', sign);
      expect(res.status).toBe(403);
    }
    // Signed for another message: the address is part of what is signed.
    const params = { MessageSid: sms.provider_id!, MessageStatus: 'delivered' };
    const elsewhere = await t
      .http()
      .post(`/webhooks/twilio/status?m=${sms.id}`)
      .type('form')
      .set('X-Twilio-Signature', twilioSignature(token, `${PUBLIC_URL}/webhooks/twilio/status?m=00000000-0000-4000-8000-000000000000`, params))
      .send(params);
    expect(elsewhere.status).toBe(403);
    expect((await message(sms.id)).status).toBe('sent');
    const seen = await t.database.db.selectFrom('provider_events').select('event_id').where('event_id', 'like', `${sms.provider_id}%`).execute();
    expect(seen).toEqual([]);
  });

  it('applies a signed status once, and a late or repeated report never moves it back', async () => {
    const { sms } = await sentTicket('+33610000002', 'two@example.test');
    expect((await status(sms, 'delivered')).status).toBe(204);
    expect((await message(sms.id)).status).toBe('delivered');
    // Twilio posts again, and a "sent" arrives after the "delivered".
    expect((await status(sms, 'delivered')).status).toBe(204);
    expect((await status(sms, 'sent')).status).toBe(204);
    expect((await status(sms, 'queued')).status).toBe(204);
    const after = await message(sms.id);
    expect(after.status).toBe('delivered');
    const seen = await t.database.db
      .selectFrom('provider_events')
      .select('event_id')
      .where('event_id', 'like', `${sms.provider_id}%`)
      .orderBy('event_id')
      .execute();
    expect(seen.map((s) => s.event_id)).toEqual([`${sms.provider_id}:delivered`, `${sms.provider_id}:queued`, `${sms.provider_id}:sent`]);
    // A message of nobody's: 404 once the signature holds; a malformed callback 422.
    expect((await status({ id: '00000000-0000-4000-8000-000000000000', provider_id: sms.provider_id }, 'delivered')).status).toBe(404);
    expect((await status({ id: 'not-an-id', provider_id: sms.provider_id }, 'delivered')).status).toBe(404);
    expect((await status(sms, '')).status).toBe(422);
  });

  it('sends an undelivered SMS again by e-mail, once, whatever follows', async () => {
    const { sms, customerId } = await sentTicket('+33610000003', 'three@example.test');
    expect((await status(sms, 'sent')).status).toBe(204);
    expect((await message(sms.id)).status).toBe('sent');
    expect((await status(sms, 'undelivered', 'good', { ErrorCode: '30003' })).status).toBe(204);
    const failed = await message(sms.id);
    expect(failed).toMatchObject({ status: 'undelivered', error: 'Twilio error 30003' });
    const fallback = await until(
      async () => (await messagesOf(owner.businessId)).find((m) => m.fallback_of === sms.id && m.status === 'sent'),
      'the fallback e-mail sent',
    );
    expect(fallback).toMatchObject({ channel: 'email', recipient: 'three@example.test', body: sms.body, customer_id: customerId });
    expect(fake.emails.filter((e) => e.custom_args.tabour_message_id === fallback.id)).toHaveLength(1);
    // Reported again, then "failed": the message stays undelivered and no second e-mail is made.
    expect((await status(sms, 'undelivered')).status).toBe(204);
    expect((await status(sms, 'failed')).status).toBe(204);
    expect((await message(sms.id)).status).toBe('undelivered');
    await new Promise((r) => setTimeout(r, 300));
    expect((await messagesOf(owner.businessId)).filter((m) => m.fallback_of === sms.id)).toHaveLength(1);
  });

  it('verifies SendGrid events with its ECDSA key and applies each event once', async () => {
    const { mail } = await sentTicket('+33610000004', 'four@example.test');
    expect(mail.provider_id).toBeTruthy();
    const delivered = [sgEvent(mail, 'processed', 'sg-processed-4'), sgEvent(mail, 'delivered', 'sg-delivered-4'), sgEvent(mail, 'open', 'sg-open-4')];

    // Signed by another key, signed over other bytes, or not signed: refused, nothing applied.
    const stranger = sendgridSigner();
    expect((await events(delivered, (body) => stranger.sign(body))).status).toBe(403);
    expect((await events(delivered, () => sendgrid.sign('[]'))).status).toBe(403);
    expect((await events(delivered, () => ({}))).status).toBe(403);
    expect(
      (await events(delivered, () => ({ 'X-Twilio-Email-Event-Webhook-Signature': 'not base64 DER', 'X-Twilio-Email-Event-Webhook-Timestamp': '1' }))).status,
    ).toBe(403);
    expect((await message(mail.id)).status).toBe('sent');
    // Signed rightly, but at a time far from now: a batch kept and sent again, refused.
    const at = (seconds: number) => String(Math.floor(Date.now() / 1000) + seconds);
    for (const when of [-365 * 24 * 3600, -(SENDGRID_TOLERANCE_SECONDS + 5), SENDGRID_TOLERANCE_SECONDS + 5]) {
      const stale = await events(delivered, (body) => sendgrid.sign(body, at(when)));
      expect(stale.status).toBe(403);
      expect(stale.body.message).toMatch(/more than 5 minutes away from now/);
    }
    for (const odd of ['1e9', '-1', '', '17000000000000', 'now']) expect((await events(delivered, (body) => sendgrid.sign(body, odd))).status).toBe(403);
    expect((await message(mail.id)).status).toBe('sent');
    expect(await t.database.db.selectFrom('provider_events').select('event_id').where('event_id', 'like', 'sg-%-4').execute()).toEqual([]);
    // Within the window either way (a clock a little behind or ahead): taken.
    const early = await events([sgEvent(mail, 'processed', 'sg-early-four')], (body) => sendgrid.sign(body, at(-(SENDGRID_TOLERANCE_SECONDS - 30))));
    expect(early.status).toBe(200);

    const first = await events(delivered);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ applied: 1, ignored: 2 });
    expect((await message(mail.id)).status).toBe('delivered');
    // SendGrid repeats the batch: nothing is applied twice.
    const again = await events(delivered);
    expect(again.body).toEqual({ applied: 0, ignored: 3 });
    const seen = await t.database.db
      .selectFrom('provider_events')
      .select('event_id')
      .where('provider', '=', 'sendgrid')
      .where('event_id', 'like', 'sg-%-4')
      .execute();
    expect(seen.map((s) => s.event_id).sort()).toEqual(['sg-delivered-4', 'sg-processed-4']);
    // A bounce after the delivery is a final status reported after another: it stays delivered.
    expect((await events([sgEvent(mail, 'bounce', 'sg-bounce-4')])).body).toEqual({ applied: 0, ignored: 1 });
    expect((await message(mail.id)).status).toBe('delivered');
  });

  it('marks a bounced e-mail bounced, with its reason, and refuses a body that is not a list', async () => {
    const { mail } = await sentTicket('+33610000005', 'five@example.test');
    const bounce = { ...sgEvent(mail, 'bounce', 'sg-bounce-5'), reason: '550 5.1.1 The email account does not exist' };
    expect((await events([bounce])).body).toEqual({ applied: 1, ignored: 0 });
    expect(await message(mail.id)).toMatchObject({ status: 'bounced', error: '550 5.1.1 The email account does not exist' });
    // An e-mail that bounced is not sent again anywhere.
    expect((await messagesOf(owner.businessId)).filter((m) => m.fallback_of === mail.id)).toEqual([]);
    const body = JSON.stringify({ event: 'bounce' });
    const notList = await t.http().post('/webhooks/sendgrid/events').set('Content-Type', 'application/json').set(sendgrid.sign(body)).send(body);
    expect(notList.status).toBe(422);
    const notJson = await t.http().post('/webhooks/sendgrid/events').set('Content-Type', 'application/json').set(sendgrid.sign('{')).send('{');
    expect(notJson.status).toBe(400);
  });
});

describe('notifications: delivery reports without providers', () => {
  it('does not serve a webhook it cannot verify', async () => {
    const t = await createTestApp({ PUBLIC_URL, REMINDER_JOB: 'off' });
    try {
      const params = { MessageSid: 'SM1', MessageStatus: 'delivered' };
      const twilio = await t
        .http()
        .post('/webhooks/twilio/status?m=00000000-0000-4000-8000-000000000000')
        .type('form')
        .set('X-Twilio-Signature', twilioSignature('any-token', `${PUBLIC_URL}/webhooks/twilio/status?m=00000000-0000-4000-8000-000000000000`, params))
        .send(params);
      expect(twilio.status).toBe(404);
      const signer = sendgridSigner();
      const body = JSON.stringify([{ event: 'delivered', sg_event_id: 'x' }]);
      const sendgrid = await t.http().post('/webhooks/sendgrid/events').set('Content-Type', 'application/json').set(signer.sign(body)).send(body);
      expect(sendgrid.status).toBe(404);
      expect(await t.database.db.selectFrom('provider_events').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
