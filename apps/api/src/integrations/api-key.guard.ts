import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, Logger, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { sql } from 'kysely';
import { API_KEY_PREFIX, API_KEY_RATE_LIMIT_PER_MINUTE, type ApiKeyScope } from '@tabour/contracts';
import { Db, forbidden, RateLimitPolicy, TooManyRequests, unauthorized } from '@tabour/platform';
import { bearerToken } from '../common/auth';
import { RateLimits } from '../common/rate-limits';
import { DB } from '../common/tokens';
import { hashToken } from './keys.service';

export const KEY_REFUSED = 'This API key is not valid or was revoked';

/** The integrator a key stands for: one business, the key's scopes. */
export interface KeyPrincipal {
  keyId: string;
  tenantId: string;
  scopes: ApiKeyScope[];
}

export const KEY_SCOPE = 'tabour:key-scope';
/** The scope a route needs of the calling key. */
export const KeyScope = (scope: ApiKeyScope) => SetMetadata(KEY_SCOPE, scope);

/** How often the last-used time is written: the list shows minutes, and a write per request would cost every call. */
const LAST_USED_EVERY = '1 minute';

/**
 * Resolves `Authorization: Bearer tbr_…` to its key, checks its scope and counts the call
 * against the key's rate limit (shared by every API process: the rate_limits table).
 */
@Injectable()
export class ApiKeyAuth {
  private readonly log = new Logger('api-keys');
  /** Per key; a field so an installation's tests can narrow it. */
  policy: RateLimitPolicy = { limit: API_KEY_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly limits: RateLimits,
  ) {}

  async authenticate(header: string | undefined, scope: ApiKeyScope): Promise<KeyPrincipal> {
    const token = bearerToken(header);
    if (!token || !token.startsWith(API_KEY_PREFIX) || token.length > 200) throw unauthorized('Send an API key: Authorization: Bearer tbr_…');
    const key = await this.db
      .selectFrom('api_key_hashes as h')
      .innerJoin('api_keys as k', 'k.id', 'h.key_id')
      .select(['k.id', 'k.tenant_id', 'k.scopes', 'k.revoked_at'])
      .where('h.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!key || key.revoked_at) throw unauthorized(KEY_REFUSED);
    const principal: KeyPrincipal = { keyId: key.id, tenantId: key.tenant_id, scopes: key.scopes as ApiKeyScope[] };
    if (!principal.scopes.includes(scope)) throw forbidden(`This API key lacks the ${scope} scope`);
    const verdict = await this.limits.hit('api-key', key.id, this.policy);
    if (!verdict.allowed)
      throw new TooManyRequests(
        `This API key made more than ${this.policy.limit} calls in ${this.policy.windowSeconds} seconds: try again later`,
        'too_many_requests',
        verdict.retryAfterSeconds,
      );
    this.touch(key.id);
    return principal;
  }

  /** Whether the key still opens the feed: read again by a stream on its way, and after a page is read (docs/integrations.md). */
  async isLive(keyId: string): Promise<boolean> {
    const key = await this.db.selectFrom('api_keys').select('revoked_at').where('id', '=', keyId).executeTakeFirst();
    return !!key && !key.revoked_at;
  }

  private touch(keyId: string): void {
    sql`UPDATE api_keys SET last_used_at = now()
        WHERE id = ${keyId} AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_EVERY}::interval)`
      .execute(this.db)
      .catch((err) => this.log.warn(`last use of key ${keyId} not written: ${String(err)}`));
  }
}

/** Routes an integrator calls with a key: mark them @Public() for the staff guard, and use this one. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: ApiKeyAuth,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const scope = this.reflector.getAllAndOverride<ApiKeyScope>(KEY_SCOPE, [context.getHandler(), context.getClass()]) ?? 'feed:read';
    const req = context.switchToHttp().getRequest();
    req.integration = await this.auth.authenticate(req.headers?.authorization, scope);
    return true;
  }
}

/** The calling key, as the guard resolved it. */
export const CurrentKey = createParamDecorator((_: unknown, context: ExecutionContext): KeyPrincipal => {
  const key = context.switchToHttp().getRequest().integration as KeyPrincipal | undefined;
  if (!key) throw unauthorized();
  return key;
});
