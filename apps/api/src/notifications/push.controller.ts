import { randomUUID, ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { Body, Controller, Delete, Get, HttpCode, Inject, Ip, Param, Post } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsNumber, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { LANGUAGES } from '@tabour/contracts';
import { ticketByUid } from '@tabour/queues';
import { AppConfig, Db, invalid, notFound, TooManyRequests } from '@tabour/platform';
import { refuseDeletedBusiness } from '../accounts/business-gone';
import { Public } from '../common/auth';
import { RateLimits } from '../common/rate-limits';
import { APP_CONFIG, DB } from '../common/tokens';
import { WebPushChannel } from './push';

const UID = /^[A-Za-z0-9_-]{16,64}$/;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** Subscribe and unsubscribe calls one address may make: a family or an office shares one, a script stops here. */
const PER_ADDRESS = { limit: 60, windowSeconds: 10 * 60 };
/** The devices one ticket may notify; an older subscription gives way to a newer one. */
const PER_TICKET = 5;
/** Names that never lead to a push service: the machine itself and private networks. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|lan|home|intranet|corp)$/i;

const list = (values: readonly string[]) => values as unknown as string[];

export class PushKeysDto {
  @ApiProperty({ description: "The browser's P-256 public key, base64url (65 bytes)" })
  @IsString({ message: 'keys.p256dh must be text' })
  @MaxLength(120)
  @Matches(BASE64URL, { message: 'keys.p256dh must be base64url' })
  p256dh!: string;

  @ApiProperty({ description: 'The 16-byte authentication secret, base64url' })
  @IsString({ message: 'keys.auth must be text' })
  @MaxLength(40)
  @Matches(BASE64URL, { message: 'keys.auth must be base64url' })
  auth!: string;
}

/** A browser's PushSubscription as `subscription.toJSON()` gives it, and the page's language. */
export class PushSubscriptionDto {
  @ApiProperty({ description: "The push service's address for this browser (https)" })
  @IsString({ message: 'The endpoint must be an https address' })
  @MaxLength(2048, { message: 'The endpoint is too long' })
  endpoint!: string;

  @ApiProperty({ type: PushKeysDto })
  @IsObject({ message: 'keys must hold p256dh and auth' })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys!: PushKeysDto;

  /** Sent by browsers as part of the subscription; push services end it on their own. */
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_: object, v: unknown) => v !== null)
  @IsNumber({}, { message: 'expirationTime must be a number or null' })
  expirationTime?: number | null;

  @ApiPropertyOptional({ enum: LANGUAGES, nullable: true })
  @IsOptional()
  @ValidateIf((_: object, v: unknown) => v !== null)
  @IsIn(list(LANGUAGES), { message: `language must be one of ${LANGUAGES.join(', ')}` })
  language?: string | null;
}

export class PushEndpointDto {
  @ApiProperty()
  @IsString({ message: 'The endpoint must be an https address' })
  @MaxLength(2048, { message: 'The endpoint is too long' })
  endpoint!: string;
}

/**
 * The address the server will POST to on the customer's behalf, so never one inside the
 * installation's network: https on the default port to a public name. Tests stand in for the
 * push service on the loopback address, which only NODE_ENV=test accepts.
 */
export function endpointProblem(endpoint: string, testing: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be an https address';
  }
  if (url.username || url.password) return 'The endpoint must not carry a user name or password';
  if (testing && url.protocol === 'https:' && url.hostname === '127.0.0.1') return null;
  if (url.protocol !== 'https:') return 'The endpoint must be an https address';
  if (url.port !== '') return 'The endpoint must use the default https port';
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) || !host.includes('.') || LOCAL_NAME.test(host)) return 'The endpoint must be a push service on the internet';
  return null;
}

/** Why the browser's keys cannot encrypt a message (RFC 8291), or null when they can. */
export function keysProblem(keys: PushKeysDto): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  try {
    // An uncompressed point on P-256: 65 bytes that the curve accepts.
    if (p256dh.length !== 65 || p256dh[0] !== 4) throw new Error('length');
    ECDH.convertKey(p256dh, 'prime256v1');
  } catch {
    errors['keys.p256dh'] = ['keys.p256dh must be a P-256 public key of 65 bytes'];
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) errors['keys.auth'] = ['keys.auth must be 16 bytes'];
  return Object.keys(errors).length ? errors : null;
}

/**
 * "Notify me" on the customer's ticket page (docs/notifications.md, "Push to the ticket page"):
 * no login, the ticket reached by its unguessable link alone. A subscription belongs to the
 * ticket's business and goes when the push service says the browser dropped it.
 */
@ApiTags('public ticket')
@Public()
@Controller('user')
export class PushSubscriptionsController {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly push: WebPushChannel,
    private readonly limits: RateLimits,
  ) {}

  /** The VAPID public key the browser's pushManager.subscribe needs (applicationServerKey). */
  @Get('push/key')
  async key() {
    return { public_key: (await this.push.vapidKeys()).publicKey };
  }

  @Post('queue/uid/:uid/push')
  @HttpCode(201)
  async subscribe(@Param('uid') uid: string, @Body() body: PushSubscriptionDto, @Ip() ip: string) {
    await this.throttle(ip);
    const ticket = await this.ticket(uid);
    if (ticket.archived_at) throw notFound('This ticket is no longer in the queue');
    const problem = endpointProblem(body.endpoint, this.config.nodeEnv === 'test');
    const errors = { ...(problem ? { endpoint: [problem] } : {}), ...keysProblem(body.keys) };
    const first = Object.values(errors)[0]?.[0];
    if (first) throw invalid(first, errors, 'validation_failed');

    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('push_subscriptions')
        .values({
          id: randomUUID(),
          tenant_id: ticket.tenant_id,
          ticket_id: ticket.id,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          language: body.language ?? null,
        })
        // A browser subscribing again (new keys, another language) replaces its row.
        .onConflict((oc) =>
          oc
            .columns(['ticket_id', 'endpoint'])
            .doUpdateSet({ p256dh: body.keys.p256dh, auth: body.keys.auth, language: body.language ?? null, created_at: new Date() }),
        )
        .execute();
      const kept = trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('tenant_id', '=', ticket.tenant_id)
        .where('ticket_id', '=', ticket.id)
        .orderBy('created_at', 'desc')
        .limit(PER_TICKET);
      await trx
        .deleteFrom('push_subscriptions')
        .where('tenant_id', '=', ticket.tenant_id)
        .where('ticket_id', '=', ticket.id)
        .where('id', 'not in', kept)
        .execute();
    });
    return { subscribed: true };
  }

  /** "Stop notifying me": this browser's subscription only; asking twice is the same as once. */
  @Delete('queue/uid/:uid/push')
  async unsubscribe(@Param('uid') uid: string, @Body() body: PushEndpointDto, @Ip() ip: string) {
    await this.throttle(ip);
    const ticket = await this.ticket(uid);
    await this.db
      .deleteFrom('push_subscriptions')
      .where('tenant_id', '=', ticket.tenant_id)
      .where('ticket_id', '=', ticket.id)
      .where('endpoint', '=', body.endpoint)
      .execute();
    return { subscribed: false };
  }

  private async ticket(uid: string) {
    if (!UID.test(uid)) throw notFound('This ticket link is not valid');
    const t = await ticketByUid(this.db, uid);
    if (!t) throw notFound('This ticket link is not valid');
    await refuseDeletedBusiness(this.db, t.tenant_id);
    return t;
  }

  private async throttle(address: string): Promise<void> {
    const verdict = await this.limits.hit('push-subscription', address || 'unknown', PER_ADDRESS);
    if (!verdict.allowed)
      throw new TooManyRequests('Too many notification requests from this address: try again in a few minutes', 'too_many_requests', verdict.retryAfterSeconds);
  }
}
