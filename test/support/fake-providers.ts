import { createHmac, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for Twilio's and SendGrid's HTTP APIs, answering the requests the real SDKs
 * make (the product points them here through their own options: TWILIO_API_URL, SENDGRID_API_URL),
 * so nothing leaves the machine. They record what they took, as the providers would.
 */

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  status_callback: string | null;
  date_created: Date;
}

export interface FakeEmail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  custom_args: Record<string, string>;
}

export interface FakeProviders {
  twilioUrl: string;
  sendgridUrl: string;
  sms: FakeSms[];
  emails: FakeEmail[];
  /** Requests to create a message, counted as they arrive (before any delay). */
  smsRequests: number;
  /** Answers of a message creation are held this long (the provider has taken it meanwhile). */
  delayMs: number;
  /** The next n creations answer 500 without taking the message. */
  failNext: number;
  /** Numbers Twilio refuses (21211, a 400). */
  invalidNumbers: Set<string>;
  /** While true, a creation is taken and recorded but not answered until `release()`. */
  hold: boolean;
  release(): void;
  onSms?: (sms: FakeSms) => void;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const twilioMessage = (m: FakeSms, accountSid: string) => ({
  sid: m.sid,
  account_sid: accountSid,
  to: m.to,
  from: m.from,
  body: m.body,
  status: 'queued',
  num_segments: '1',
  direction: 'outbound-api',
  date_created: m.date_created.toUTCString(),
  date_sent: m.date_created.toUTCString(),
  date_updated: m.date_created.toUTCString(),
  uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
});

export async function startFakeProviders(): Promise<FakeProviders> {
  const state: Omit<FakeProviders, 'twilioUrl' | 'sendgridUrl' | 'close'> = {
    sms: [],
    emails: [],
    smsRequests: 0,
    delayMs: 0,
    failNext: 0,
    invalidNumbers: new Set(),
    hold: false,
    release: () => {
      state.hold = false;
      for (const go of held.splice(0)) go();
    },
  };
  const held: (() => void)[] = [];

  const twilio = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (!match) return json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      const accountSid = match[1];
      if (req.method === 'POST') {
        const form = new URLSearchParams(await read(req));
        state.smsRequests++;
        if (state.failNext > 0) {
          state.failNext--;
          return json(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
        }
        const to = form.get('To') ?? '';
        if (state.invalidNumbers.has(to)) return json(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
        const sms: FakeSms = {
          sid: `SM${randomUUID().replace(/-/g, '')}`,
          to,
          from: form.get('From') ?? '',
          body: form.get('Body') ?? '',
          status_callback: form.get('StatusCallback'),
          date_created: new Date(),
        };
        // Taken now, answered later: a sender that dies meanwhile never hears of it.
        state.sms.push(sms);
        state.onSms?.(sms);
        if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
        if (state.hold) await new Promise<void>((r) => held.push(r));
        return json(res, 201, twilioMessage(sms, accountSid));
      }
      if (req.method === 'GET') {
        const to = url.searchParams.get('To');
        const after = url.searchParams.get('DateSent>');
        const since = after ? Date.parse(after) : 0;
        const found = state.sms.filter((m) => (!to || m.to === to) && m.date_created.getTime() >= since - 1000);
        return json(res, 200, {
          messages: found.map((m) => twilioMessage(m, accountSid)),
          end: found.length - 1,
          first_page_uri: url.pathname,
          next_page_uri: null,
          page: 0,
          page_size: found.length,
          previous_page_uri: null,
          start: 0,
          uri: url.pathname,
        });
      }
      return json(res, 405, { message: 'Method not allowed' });
    })().catch((err: unknown) => json(res, 500, { message: String(err) }));
  });

  const sendgrid = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/v3/mail/send') {
        const mail = JSON.parse(await read(req)) as {
          personalizations: { to: { email: string }[] }[];
          from: { email: string };
          subject: string;
          content: { type: string; value: string }[];
          custom_args?: Record<string, string>;
        };
        const id = randomUUID().replace(/-/g, '').slice(0, 22);
        state.emails.push({
          id,
          to: mail.personalizations[0].to[0].email,
          from: mail.from.email,
          subject: mail.subject,
          text: mail.content.find((c) => c.type === 'text/plain')?.value ?? '',
          custom_args: mail.custom_args ?? {},
        });
        res.writeHead(202, { 'x-message-id': id });
        return res.end();
      }
      if (req.method === 'GET' && url.pathname === '/v3/messages') {
        const wanted = /="([^"]+)"/.exec(url.searchParams.get('query') ?? '')?.[1];
        const found = state.emails.filter((e) => e.custom_args.tabour_message_id === wanted);
        return json(res, 200, { messages: found.map((e) => ({ msg_id: e.id, to_email: e.to, subject: e.subject, status: 'delivered' })) });
      }
      return json(res, 404, { errors: [{ message: 'not found' }] });
    })().catch((err: unknown) => json(res, 500, { errors: [{ message: String(err) }] }));
  });

  const listen = (s: Server) =>
    new Promise<string>((resolve) => s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));
  const [twilioUrl, sendgridUrl] = await Promise.all([listen(twilio), listen(sendgrid)]);
  const fake = state as FakeProviders;
  fake.twilioUrl = twilioUrl;
  fake.sendgridUrl = sendgridUrl;
  fake.close = async () => {
    fake.release();
    twilio.closeAllConnections();
    sendgrid.closeAllConnections();
    await Promise.all([new Promise((r) => twilio.close(r)), new Promise((r) => sendgrid.close(r))]);
  };
  return fake;
}

/** The environment that points the product's SDKs at the fakes. */
export const providerEnv = (fake: FakeProviders): Record<string, string> => ({
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
  TWILIO_AUTH_TOKEN: 'test-auth-token',
  TWILIO_FROM: '+15005550006',
  TWILIO_API_URL: fake.twilioUrl,
  SENDGRID_API_KEY: 'SG.test-key',
  SENDGRID_FROM: 'noreply@tabour.test',
  SENDGRID_API_URL: fake.sendgridUrl,
});

/**
 * X-Twilio-Signature as Twilio computes it, written out here rather than taken from the SDK so
 * the product's check is held to Twilio's documented scheme: HMAC-SHA1 with the auth token over
 * the full address called, then each form field's name and value in the names' order, base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/**
 * A SendGrid event webhook signer with a fresh P-256 key pair: the public key as SendGrid shows
 * it (base64 DER, SubjectPublicKeyInfo) for SENDGRID_WEBHOOK_PUBLIC_KEY, and the signature
 * SendGrid sends: ECDSA with SHA-256 over the timestamp followed by the body, DER, base64.
 */
export function sendgridSigner(): { publicKey: string; sign(body: string, timestamp?: string): Record<string, string> } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    sign(body, timestamp = String(Math.floor(Date.now() / 1000))) {
      const signature = createSign('sha256')
        .update(timestamp + body)
        .sign(privateKey)
        .toString('base64');
      return { 'X-Twilio-Email-Event-Webhook-Signature': signature, 'X-Twilio-Email-Event-Webhook-Timestamp': timestamp };
    },
  };
}
