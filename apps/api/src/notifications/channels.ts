import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Client as SendgridClient } from '@sendgrid/client';
import sgMail from '@sendgrid/mail';
import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient';
import type { NotificationsConfig } from '@tabour/platform';

/** A message as the sender hands it to a channel. */
export interface OutgoingMessage {
  id: string;
  tenant_id: string;
  channel: 'sms' | 'email' | 'push';
  message_type: string;
  recipient: string;
  subject: string | null;
  body: string;
  /** When this attempt was claimed: a provider's record of it is no older. */
  claimed_at: Date;
}

export type SendResult = { ok: true; provider: string; provider_id: string | null } | { ok: false; permanent: boolean; error: string };

/** What the provider knows of a message whose sender died mid-send. */
export type Found = { provider: string; provider_id: string | null } | null;

export interface MessageChannel {
  readonly provider: string;
  send(message: OutgoingMessage, sender: { name: string | null }): Promise<SendResult>;
  /**
   * Whether the provider already took this message (a sender that died after the provider
   * answered and before the mark): asked before a claim whose lease ran out is sent again, so a
   * crash never sends twice.
   */
  find(message: OutgoingMessage): Promise<Found>;
}

/** The webhooks the providers call back (apps/api/src/notifications/webhooks.controller.ts). */
export const webhookUrl = (publicUrl: string, pathName: string) => `${publicUrl.replace(/\/$/, '')}/webhooks/${pathName}`;

/**
 * Twilio's own RequestClient with the API's address replaced: the SDK's documented way to give
 * it another HTTP client, used so tests and a staging installation talk to a local server.
 */
class RedirectedRequestClient extends RequestClient {
  constructor(private readonly base: string) {
    super({ autoRetry: false });
  }

  request<TData>(opts: RequestClient.RequestOptions<TData>) {
    return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, this.base.replace(/\/$/, '')) });
  }
}

/** A Twilio answer that will never change on a retry: a refused number, a refused body, the account's own setup. */
const permanentTwilio = (status: number | undefined) => status !== undefined && status >= 400 && status < 500 && status !== 429 && status !== 408;

export class TwilioSmsChannel implements MessageChannel {
  readonly provider = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(
    private readonly config: NonNullable<NotificationsConfig['twilio']>,
    private readonly publicUrl: string,
  ) {
    this.client = twilio(config.accountSid, config.authToken, {
      ...(config.apiUrl ? { httpClient: new RedirectedRequestClient(config.apiUrl) } : {}),
      autoRetry: false,
    });
  }

  async send(m: OutgoingMessage, sender: { name: string | null }): Promise<SendResult> {
    try {
      const sent = await this.client.messages.create({
        to: m.recipient,
        // An alphanumeric sender where the business set one (the countries that allow it show it).
        from: sender.name ?? this.config.from,
        body: m.body,
        statusCallback: `${webhookUrl(this.publicUrl, 'twilio/status')}?m=${m.id}`,
      });
      return { ok: true, provider: this.provider, provider_id: sent.sid };
    } catch (err) {
      const status = (err as { status?: number }).status;
      return { ok: false, permanent: permanentTwilio(status), error: describe(err) };
    }
  }

  async find(m: OutgoingMessage): Promise<Found> {
    const since = new Date(m.claimed_at.getTime() - 60_000);
    const listed = await this.client.messages.list({ to: m.recipient, dateSentAfter: since, limit: 100 });
    const same = listed.find((x) => x.body === m.body);
    return same ? { provider: this.provider, provider_id: same.sid } : null;
  }
}

export class SendgridEmailChannel implements MessageChannel {
  readonly provider = 'sendgrid';
  private readonly client = new SendgridClient();
  // The package's one mail service, given this channel's client (one SendGrid account per installation).
  private readonly mail = sgMail;

  constructor(private readonly config: NonNullable<NotificationsConfig['sendgrid']>) {
    this.client.setApiKey(config.apiKey);
    if (config.apiUrl) this.client.setDefaultRequest('baseUrl', config.apiUrl);
    this.mail.setClient(this.client);
  }

  async send(m: OutgoingMessage): Promise<SendResult> {
    try {
      const [res] = await this.mail.send({
        to: m.recipient,
        from: this.config.from,
        subject: m.subject ?? '',
        text: m.body,
        // Our id travels with the message: the event webhook names it, and a lost answer is found by it.
        customArgs: { tabour_message_id: m.id },
      });
      return { ok: true, provider: this.provider, provider_id: (res.headers['x-message-id'] as string | undefined) ?? null };
    } catch (err) {
      const status = (err as { code?: number }).code;
      return { ok: false, permanent: typeof status === 'number' && status >= 400 && status < 500 && status !== 429, error: describe(err) };
    }
  }

  async find(m: OutgoingMessage): Promise<Found> {
    // The e-mail activity API, queried by the id sent with the message.
    const [res, body] = await this.client.request({
      method: 'GET',
      url: '/v3/messages',
      qs: { query: `unique_args['tabour_message_id']="${m.id}"`, limit: 1 },
    });
    const found = res.statusCode < 300 ? (body as { messages?: { msg_id: string }[] }).messages?.[0] : undefined;
    return found ? { provider: this.provider, provider_id: found.msg_id } : null;
  }
}

/**
 * With no provider configured, messages are written to a local folder, one JSON file each,
 * named by the message's id so a retried write replaces itself and a crash never leaves two
 * (README, "Reading the local outbox").
 */
export class LocalOutboxChannel implements MessageChannel {
  readonly provider = 'local';

  constructor(private readonly dir: string) {}

  private file(id: string) {
    return path.join(this.dir, `${id}.json`);
  }

  async send(m: OutgoingMessage, sender: { name: string | null }): Promise<SendResult> {
    await fs.mkdir(this.dir, { recursive: true });
    const stored = { id: m.id, to: m.recipient, from: sender.name, subject: m.subject, text: m.body, type: m.message_type, sent_at: new Date().toISOString() };
    const tmp = path.join(this.dir, `.${m.id}.${randomUUID()}.tmp`);
    await fs.writeFile(tmp, JSON.stringify(stored, null, 2));
    await fs.rename(tmp, this.file(m.id));
    return { ok: true, provider: this.provider, provider_id: m.id };
  }

  async find(m: OutgoingMessage): Promise<Found> {
    return (await fs.stat(this.file(m.id)).catch(() => null)) ? { provider: this.provider, provider_id: m.id } : null;
  }
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export interface LocalMessage {
  id: string;
  to: string;
  from: string | null;
  subject: string | null;
  text: string;
  type: string;
  sent_at: string;
}

/** The local outbox's messages, newest first; `to` keeps those to one number or address. */
export async function readLocalOutbox(dir: string, options: { to?: string; limit?: number } = {}): Promise<LocalMessage[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
  const all = await Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as LocalMessage));
  const to = options.to?.toLowerCase();
  return all
    .filter((m) => !to || m.to.toLowerCase() === to)
    .sort((a, b) => b.sent_at.localeCompare(a.sent_at))
    .slice(0, options.limit ?? 10);
}
