import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@tabour/contracts';
import { apiKeyDecider, apiKeyStream } from '@tabour/integrations';
import { Db, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { selectPage } from '../common/paged-select';
import type { PageRequest } from '../common/paging';
import { Commands } from '../common/commands';
import { DB } from '../common/tokens';

/** The token's hash as stored and looked up: SHA-256, base64url. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** How many characters of the token the list shows, to tell keys apart (the prefix and 6 random ones). */
const SHOWN = API_KEY_PREFIX.length + 6;

type KeyRow = { id: string; name: string; scopes: string[]; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null };

const wire = (r: KeyRow): ApiKey<Date> => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes as ApiKeyScope[],
  prefix: r.prefix,
  created_at: r.created_at,
  last_used_at: r.last_used_at,
  revoked_at: r.revoked_at,
});

/** The business's API keys (ADMIN): created through the one command path, the token shown once. */
@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  list(tenantId: string, page: PageRequest) {
    const q = this.db.selectFrom('api_keys').where('tenant_id', '=', tenantId);
    return selectPage(
      q,
      (qb) => qb.select(['id', 'name', 'scopes', 'prefix', 'created_at', 'last_used_at', 'revoked_at']).orderBy('created_at', 'desc').orderBy('id'),
      page,
      wire,
    );
  }

  async one(tenantId: string, id: string): Promise<ApiKey<Date> | null> {
    const r = await this.db
      .selectFrom('api_keys')
      .select(['id', 'name', 'scopes', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? wire(r) : null;
  }

  async create(user: UserPrincipal, input: { name: string; scopes: string[] }): Promise<CreatedApiKey<Date>> {
    const id = randomUUID();
    // 256 random bits: a key cannot be guessed, so its SHA-256 alone protects the stored copy.
    const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    // The hash goes in first: a key whose append then fails has a hash nobody holds the token
    // of, and one whose event is written can always be checked.
    await this.db
      .insertInto('api_key_hashes')
      .values({ key_id: id, tenant_id: user.tenantId, token_hash: hashToken(token) })
      .execute();
    await this.commands
      .run(
        apiKeyDecider,
        apiKeyStream(id),
        {
          type: 'CreateApiKey',
          key_id: id,
          business_id: user.tenantId,
          name: input.name,
          scopes: input.scopes,
          prefix: token.slice(0, SHOWN),
          by: user.userId,
        },
        { tenantId: user.tenantId, actor: actorOf(user), fresh: true },
      )
      .catch(async (err) => {
        await this.db.deleteFrom('api_key_hashes').where('key_id', '=', id).execute();
        throw err;
      });
    return { ...(await this.one(user.tenantId, id))!, token };
  }

  async revoke(user: UserPrincipal, id: string): Promise<ApiKey<Date>> {
    await this.commands.run(
      apiKeyDecider,
      apiKeyStream(id),
      { type: 'RevokeApiKey', key_id: id, business_id: user.tenantId },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return (await this.one(user.tenantId, id))!;
  }
}
