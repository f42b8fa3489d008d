/**
 * How each react-admin resource maps onto the API (docs/api-conventions.md). Resource names are
 * the screens' paths (SPEC §2), so `settings/departments` lists at /settings/departments.
 */
export interface ResourceApi {
  base: string;
  create?: { method: 'PUT' | 'POST'; path: string };
  /** Holidays are deleted with a GET, as the existing clients call it. */
  deleteMethod?: 'DELETE' | 'GET';
  readOnly?: boolean;
  /** Where the list is read when it is not the base (queues list with their summaries). */
  list?: string;
}

export const RESOURCE_API: Record<string, ResourceApi> = {
  'settings/departments': { base: '/business/department', create: { method: 'PUT', path: '/create' } },
  'settings/services': { base: '/business/service', create: { method: 'PUT', path: '/create' } },
  'settings/team': { base: '/business/team', create: { method: 'POST', path: '/create' } },
  'settings/holidays': { base: '/business/holiday', create: { method: 'POST', path: '/create' }, deleteMethod: 'GET' },
  customers: { base: '/business/customer', create: { method: 'PUT', path: '/create' } },
  queues: { base: '/business/queue', list: '/business/queue/summary', create: { method: 'PUT', path: '/create' } },
  'settings/note-type': { base: '/business/note-type', create: { method: 'POST', path: '/create' } },
  activity: { base: '/business/activity', readOnly: true },
  countries: { base: '/business/countries', readOnly: true },
  industries: { base: '/business/industry', readOnly: true },
};

export function apiOf(resource: string): ResourceApi {
  const r = RESOURCE_API[resource];
  if (!r) throw new Error(`Unknown resource ${resource}`);
  return r;
}

export interface ListParams {
  pagination?: { page: number; perPage: number } | false;
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, unknown>;
}

/** `?page=&per_page=` (or `pagination=off`), `sort`/`order`, the keyword as `q`, other filters as they are. */
export function listQuery(params: ListParams): string {
  const q = new URLSearchParams();
  if (params.pagination) {
    q.set('page', String(params.pagination.page));
    q.set('per_page', String(params.pagination.perPage));
  } else q.set('pagination', 'off');
  if (params.sort?.field && params.sort.field !== 'id') {
    q.set('sort', params.sort.field);
    q.set('order', String(params.sort.order).toLowerCase() === 'asc' ? 'asc' : 'desc');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    q.set(key, String(value));
  }
  return q.toString();
}

export function listUrl(resource: string, params: ListParams): string {
  const r = apiOf(resource);
  return `${r.list ?? r.base}?${listQuery(params)}`;
}

export function oneUrl(resource: string, id: string | number): string {
  return `${apiOf(resource).base}/${encodeURIComponent(String(id))}`;
}

export function createCall(resource: string): { method: string; url: string } {
  const r = apiOf(resource);
  if (r.readOnly || !r.create) throw new Error(`${resource} cannot be created`);
  return { method: r.create.method, url: `${r.base}${r.create.path}` };
}

export function updateCall(resource: string, id: string | number): { method: string; url: string } {
  return { method: 'POST', url: `${oneUrl(resource, id)}/update` };
}

export function deleteCall(resource: string, id: string | number): { method: string; url: string } {
  return { method: apiOf(resource).deleteMethod ?? 'DELETE', url: `${oneUrl(resource, id)}/delete` };
}

/** A list answer: the paged shape, or a bare array from older calls. */
export function readList<T>(body: unknown): { data: T[]; total: number } {
  if (Array.isArray(body)) return { data: body as T[], total: body.length };
  const b = body as { data?: T[]; total?: number } | null;
  const data = Array.isArray(b?.data) ? b!.data! : [];
  return { data, total: typeof b?.total === 'number' ? b!.total! : data.length };
}

/** Lists without ids (countries) get their code as id so react-admin can key them. */
export function withIds<T extends Record<string, unknown>>(rows: T[]): (T & { id: string | number })[] {
  return rows.map((r) => ('id' in r && r.id !== undefined && r.id !== null ? (r as T & { id: string | number }) : { ...r, id: String(r.code ?? r.position ?? '') }));
}
