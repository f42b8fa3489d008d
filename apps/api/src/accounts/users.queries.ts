import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { Db, emailKey, notFound } from '@tabour/platform';
import type { UsersTable } from '@tabour/accounts';
import type { UserView as ContractUserView } from '@tabour/contracts';
import { likePattern } from '../common/like';
import { selectPage } from '../common/paged-select';
import { PageRequest, Paged } from '../common/paging';
import { DB } from '../common/tokens';

/** A staff login as the API answers it: the contract's. */
export type UserView = ContractUserView;

type Row = Selectable<UsersTable>;

export function toUserView(
  r: Pick<Row, 'id' | 'tenant_id' | 'email' | 'first_name' | 'last_name' | 'phone' | 'language' | 'role' | 'position' | 'created_at' | 'updated_at'>,
): UserView {
  return {
    id: r.id,
    business_id: r.tenant_id,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    phone: r.phone,
    language: r.language,
    role: r.role,
    position: r.position,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

const COLUMNS = ['id', 'tenant_id', 'email', 'first_name', 'last_name', 'phone', 'language', 'role', 'position', 'created_at', 'updated_at'] as const;
const SORTS = { first_name: 'first_name', last_name: 'last_name', email: 'email', role: 'role', created_at: 'created_at' } as const;

@Injectable()
export class UsersQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  async list(tenantId: string, page: PageRequest, opts: { q?: string; sort?: string; order?: string } = {}): Promise<Paged<UserView>> {
    let q = this.db.selectFrom('users').where('tenant_id', '=', tenantId);
    if (opts.q) {
      const like = likePattern(opts.q);
      q = q.where((eb) => eb.or([eb('first_name', 'ilike', like), eb('last_name', 'ilike', like), eb('email', 'ilike', like)]));
    }
    const column = SORTS[(opts.sort ?? 'last_name') as keyof typeof SORTS] ?? 'last_name';
    const dir = opts.order === 'desc' ? 'desc' : 'asc';
    return selectPage(
      q,
      (b) =>
        b
          .select([...COLUMNS])
          .orderBy(column, dir)
          .orderBy('id'),
      page,
      toUserView,
    );
  }

  async one(tenantId: string, id: string): Promise<UserView> {
    const row = await this.db
      .selectFrom('users')
      .select([...COLUMNS])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return toUserView(row);
  }

  /** Across every business: e-mail is the login, so it is unique everywhere, look-alikes included (`emailKey`). */
  async byEmail(email: string) {
    return this.db
      .selectFrom('users')
      .select([...COLUMNS])
      .where('email_lower', '=', emailKey(email))
      .executeTakeFirst();
  }

  async isEmailAvailable(email: string, exceptUserId?: string): Promise<boolean> {
    const row = await this.byEmail(email);
    return !row || row.id === exceptUserId;
  }
}
