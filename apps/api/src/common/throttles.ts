import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, Observable, switchMap } from 'rxjs';
import { emailKey, RateLimitPolicy, TooManyRequests } from '@tabour/platform';
import { RateLimits } from './rate-limits';

/** One counter of a call: per the caller's address, or per what the call is about (its target). */
export interface ThrottleRule {
  /** The counter's name; a call's rules each have their own. */
  bucket: string;
  policy: RateLimitPolicy;
  /** What is counted: `address` (the client's, as `req.ip` believes it), or a target read from the request; none: not counted. */
  per: 'address' | ((req: Request) => string | null | undefined);
  /** Said in the 429: "Too many … : try again in N seconds". */
  what: string;
}

export const THROTTLE_KEY = 'tabour:throttle';

/**
 * Counts each call against its rules, in the database (`RateLimits`, shared by every
 * instance), and answers 429 `too_many_requests` with Retry-After once one of them is over.
 * Counting per address alone is dodged by rotating addresses, and per target alone lets one
 * address try every target: a public call has both. A refused call is counted too, so that
 * knocking on keeps the window full.
 *
 * An interceptor on the route, not a guard, so that a rule can read a form's fields: put
 * `@Throttled(...)` above the route's multer interceptor, which then parses the body first.
 */
export const Throttled = (...rules: ThrottleRule[]) => applyDecorators(SetMetadata(THROTTLE_KEY, rules), UseInterceptors(ThrottleInterceptor));

@Injectable()
export class ThrottleInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rules = this.reflector.get<ThrottleRule[] | undefined>(THROTTLE_KEY, context.getHandler()) ?? [];
    const req = context.switchToHttp().getRequest<Request>();
    return from(this.check(req, rules)).pipe(switchMap(() => next.handle()));
  }

  private async check(req: Request, rules: ThrottleRule[]): Promise<void> {
    const verdicts = await Promise.all(
      rules.map(async (rule) => {
        const key = rule.per === 'address' ? req.ip || 'unknown' : rule.per(req);
        return key ? { rule, verdict: await this.limits.hit(rule.bucket, key, rule.policy) } : null;
      }),
    );
    const refused = verdicts.filter((v) => v && !v.verdict.allowed) as { rule: ThrottleRule; verdict: { retryAfterSeconds: number } }[];
    if (!refused.length) return;
    const wait = Math.max(...refused.map((r) => r.verdict.retryAfterSeconds));
    throw new TooManyRequests(`Too many ${refused[0].rule.what}: try again in ${wait} seconds`, 'too_many_requests', wait);
  }
}

const TEN_MINUTES = 10 * 60;
const HOUR = 60 * 60;
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v.slice(0, 300) : null);
const param = (name: string) => (req: Request) => text(req.params?.[name]);
const bodyField = (name: string) => (req: Request) => text((req.body as Record<string, unknown> | undefined)?.[name]);
const emailOf = (read: (req: Request) => string | null) => (req: Request) => {
  const v = read(req);
  return v ? emailKey(v) : null;
};

/**
 * The public calls' limits (docs/security.md, "Public entry points"), each per address and per
 * target; far above what a person does, far below what a script needs.
 */
export const THROTTLES = {
  /** Whether an e-mail is free: a person types one or two; a script lists who has an account. */
  checkEmail: [
    { bucket: 'checkemail-address', per: 'address', policy: { limit: 30, windowSeconds: TEN_MINUTES }, what: 'e-mail checks from this address' },
    { bucket: 'checkemail-email', per: emailOf(param('email')), policy: { limit: 10, windowSeconds: TEN_MINUTES }, what: 'checks of this e-mail' },
  ],
  /** A business registered: one a person; a script makes accounts by the hundred. */
  register: [
    { bucket: 'register-address', per: 'address', policy: { limit: 10, windowSeconds: HOUR }, what: 'registrations from this address' },
    { bucket: 'register-email', per: emailOf(bodyField('email')), policy: { limit: 5, windowSeconds: HOUR }, what: 'registrations of this e-mail' },
  ],
  /** Joining a queue from the web: per queue and per phone, whatever the address (which has its own limit). */
  queueRequest: [
    { bucket: 'queue-request-queue', per: param('queue_id'), policy: { limit: 120, windowSeconds: TEN_MINUTES }, what: 'requests to join this queue' },
    {
      bucket: 'queue-request-phone',
      per: (req) => bodyField('phone')(req)?.replace(/\D/g, '') || null,
      policy: { limit: 5, windowSeconds: TEN_MINUTES },
      what: 'requests to join a queue for this phone number',
    },
  ],
  /** A ticket's page reads its ticket every 30 s, and every few seconds at most on a reload. */
  ticketRead: [
    { bucket: 'ticket-read-address', per: 'address', policy: { limit: 240, windowSeconds: TEN_MINUTES }, what: 'ticket reads from this address' },
    { bucket: 'ticket-read-uid', per: param('uid'), policy: { limit: 120, windowSeconds: TEN_MINUTES }, what: 'reads of this ticket' },
  ],
  /** Cancelling, running late, giving feedback: a few times a visit. */
  ticketAction: [
    { bucket: 'ticket-action-address', per: 'address', policy: { limit: 30, windowSeconds: TEN_MINUTES }, what: 'ticket changes from this address' },
    { bucket: 'ticket-action-uid', per: param('uid'), policy: { limit: 10, windowSeconds: TEN_MINUTES }, what: 'changes of this ticket' },
  ],
} satisfies Record<string, ThrottleRule[]>;
