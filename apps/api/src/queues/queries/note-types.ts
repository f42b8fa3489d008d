import type { NoteType, ServerInstant } from '@tabour/contracts';
import { Db, notFound } from '@tabour/platform';
import { Paged, paged, PageRequest } from '../../common/paging';

/** Active note types are those not deleted: a deleted one leaves the table, its notes keep its id. */
function noteType<T extends { name: string }>(r: T) {
  return { ...r, title: r.name, status: 'active' as const };
}

export async function noteTypeExists(db: Db, tenantId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('note_types').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
}

export async function noteTypes(db: Db, tenantId: string, page: PageRequest, q?: string): Promise<Paged<NoteType<ServerInstant>>> {
  let base = db.selectFrom('note_types').where('tenant_id', '=', tenantId);
  if (q) base = base.where('name', 'ilike', `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  let rows = base.select(['id', 'name', 'color', 'created_at', 'updated_at']).orderBy('name').orderBy('id');
  if (page.limit !== null) rows = rows.limit(page.limit).offset(page.offset);
  return paged((await rows.execute()).map(noteType), Number(total), page);
}

export async function noteTypeOne(db: Db, tenantId: string, id: string): Promise<NoteType<ServerInstant>> {
  const row = await db.selectFrom('note_types').select(['id', 'name', 'color', 'created_at', 'updated_at']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Note type not found');
  return noteType(row);
}
