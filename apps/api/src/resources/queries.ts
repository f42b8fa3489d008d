import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { Resource, ResourceKind, ServerInstant } from '@tabour/contracts';
import { Db, notFound } from '@tabour/platform';
import type { ResourcesTable } from '@tabour/resources';
import { likePattern as like } from '../common/like';
import { selectPage } from '../common/paged-select';
import { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';

const SORTS: Record<string, string> = { name: 'r.name', kind: 'r.kind', capacity: 'r.capacity', active: 'r.active', created_at: 'r.created_at' };

/** The resources screen's reads, always within the caller's business. */
@Injectable()
export class ResourcesQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  private row(r: Selectable<ResourcesTable>): Resource<ServerInstant> {
    const { tenant_id: _t, ...rest } = r;
    return { ...rest, kind: rest.kind as ResourceKind };
  }

  list(tenantId: string, page: PageRequest, opts: { q?: string; kind?: ResourceKind; sort?: string; order?: 'asc' | 'desc' } = {}) {
    let base = this.db.selectFrom('resources as r').where('r.tenant_id', '=', tenantId);
    if (opts.q) base = base.where('r.name', 'ilike', like(opts.q));
    if (opts.kind) base = base.where('r.kind', '=', opts.kind);
    return selectPage(
      base,
      (b) =>
        b
          .selectAll('r')
          .orderBy(sql.ref(SORTS[opts.sort ?? ''] ?? 'r.name'), opts.order ?? 'asc')
          .orderBy('r.id'),
      page,
      (r) => this.row(r),
    );
  }

  async one(tenantId: string, id: string): Promise<Resource<ServerInstant>> {
    const r = await this.db.selectFrom('resources').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return this.row(r);
  }
}
