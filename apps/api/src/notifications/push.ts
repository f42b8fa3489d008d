import { Inject, Injectable } from '@nestjs/common';
import webpush from 'web-push';
import { AppConfig, Db } from '@tabour/platform';
import { APP_CONFIG, DB } from '../common/tokens';
import type { Found, MessageChannel, OutgoingMessage, SendResult } from './channels';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The contact push services may use (RFC 8292): web-push takes only https: or mailto:, so an
 * installation served over plain http (PUBLIC_URL in development) is named by an address at its host.
 */
export function vapidSubject(configured: string): string {
  if (configured.startsWith('https:') || configured.startsWith('mailto:')) return configured;
  if (configured.startsWith('http:')) return `mailto:push@${new URL(configured).hostname}`;
  return `mailto:${configured}`;
}

/**
 * Web Push to the ticket pages that asked for it. The VAPID pair is made on first start and kept
 * in the database, so every instance signs with the same key and subscriptions survive restarts.
 */
@Injectable()
export class WebPushChannel implements MessageChannel {
  readonly provider = 'webpush';
  private keys: Promise<VapidKeys> | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The installation's pair, made once (the first instance to insert it wins; the others read it). */
  vapidKeys(): Promise<VapidKeys> {
    this.keys ??= (async () => {
      const made = webpush.generateVAPIDKeys();
      await this.db
        .insertInto('installation_secrets')
        .values({ name: 'vapid', value: JSON.stringify(made) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await this.db.selectFrom('installation_secrets').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow();
      return row.value as unknown as VapidKeys;
    })().catch((err) => {
      this.keys = null;
      throw err;
    });
    return this.keys;
  }

  async send(m: OutgoingMessage): Promise<SendResult> {
    const sub = await this.db.selectFrom('push_subscriptions').selectAll().where('id', '=', m.recipient).executeTakeFirst();
    if (!sub) return { ok: false, permanent: true, error: 'The page no longer asks to be notified' };
    const keys = await this.vapidKeys();
    const subject = vapidSubject(this.config.notifications.vapidSubject);
    try {
      const res = await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        // The tag is the message's id: a notification sent twice replaces itself on the device.
        JSON.stringify({ title: m.subject ?? '', body: m.body, tag: m.id, type: m.message_type }),
        {
          vapidDetails: { subject, ...keys },
          TTL: 600,
          urgency: 'high',
        },
      );
      return { ok: true, provider: this.provider, provider_id: (res.headers?.location as string | undefined) ?? null };
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      // The browser dropped the subscription: it will never take another message.
      if (status === 404 || status === 410) {
        await this.db.deleteFrom('push_subscriptions').where('id', '=', sub.id).execute();
        return { ok: false, permanent: true, error: `The push service answered ${status}: the subscription is gone` };
      }
      return { ok: false, permanent: status !== undefined && status >= 400 && status < 500 && status !== 429, error: String(err).slice(0, 500) };
    }
  }

  /** Push services keep no record to ask; a second send replaces the first on the device (same tag). */
  async find(): Promise<Found> {
    return null;
  }
}
