import type { NoteType, ServerInstant } from '@tabour/contracts';
import { Db, notFound } from '@tabour/platform';
import { Paged, PageRequest } from '../../common/paging';
import { likePattern } from '../../common/like';
import { selectPage } from '../../common/paged-select';

/** Active note types are those not deleted: a deleted one leaves the table, its notes keep its id. */
function noteType<T extends { name: string }>(r: T) {
  return { ...r, title: r.name, status: 'active' as const };
}

export async function noteTypeExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('note_types').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
}

export async function noteTypes(db: Db, tenantId: string, page: PageRequest, q?: string): Promise<Paged<NoteType<ServerInstant>>> {
  let base = db.selectFrom('note_types').where('tenant_id', '=', tenantId);
  if (q) base = base.where('name', 'ilike', likePattern(q));
  return selectPage(base, (b) => b.select(['id', 'name', 'color', 'created_at', 'updated_at']).orderBy('name').orderBy('id'), page, noteType);
}

export async function noteTypeOne(db: Db, tenantId: string, id: string): Promise<NoteType<ServerInstant>> {
  const row = await db
    .selectFrom('note_types')
    .select(['id', 'name', 'color', 'created_at', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Note type not found');
  return noteType(row);
}
