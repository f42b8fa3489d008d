/**
 * How each react-admin resource maps onto the API (docs/api-conventions.md). Resource names are
 * the screens' paths (docs/product.md#back-office-screens), so `settings/departments` lists at /settings/departments.
 */
export interface ResourceApi {
  base: string;
  create?: { method: 'PUT' | 'POST'; path: string };
  /** Holidays are deleted with a GET, as the existing clients call it. */
  deleteMethod?: 'DELETE' | 'GET';
  readOnly?: boolean;
  /** Where the list is read when it is not the base (queues list with their summaries). */
  list?: string;
  /** The keyword searches at `POST <base>/filter/<keyword>` (kiosks, displays). */
  keywordPath?: boolean;
  /** Filters go in the body of `POST <base>/filter` (feedback); without any, the list is a GET. */
  filterBody?: boolean;
  /** The list is always `POST <base>` with the page and the filters in its body (a queue's archive). */
  listInBody?: boolean;
}

export const RESOURCE_API: Record<string, ResourceApi> = {
  'settings/departments': { base: '/business/department', create: { method: 'PUT', path: '/create' } },
  'settings/services': { base: '/business/service', create: { method: 'PUT', path: '/create' } },
  'settings/resources': { base: '/business/resource', create: { method: 'PUT', path: '/create' } },
  'settings/team': { base: '/business/team', create: { method: 'POST', path: '/create' } },
  'settings/holidays': { base: '/business/holiday', create: { method: 'POST', path: '/create' }, deleteMethod: 'GET' },
  customers: { base: '/business/customer', create: { method: 'PUT', path: '/create' } },
  queues: { base: '/business/queue', list: '/business/queue/summary', create: { method: 'PUT', path: '/create' } },
  'settings/note-type': { base: '/business/note-type', create: { method: 'POST', path: '/create' } },
  'settings/category': { base: '/business/category', create: { method: 'POST', path: '/create' } },
  kiosks: { base: '/business/kiosk', create: { method: 'POST', path: '/create' }, keywordPath: true },
  displays: { base: '/business/display', create: { method: 'POST', path: '/create' }, keywordPath: true },
  feedback: { base: '/business/feedback', readOnly: true, filterBody: true },
  // A page under one record: `:id` in the name is filled into the base from the resource's name.
  'queues/:id/archive': { base: '/business/queue/:id/archive', readOnly: true, listInBody: true },
  activity: { base: '/business/activity', readOnly: true },
  // The bookings table reads the filter call, which takes every filter (or none) in its query.
  'bookings/table': { base: '/business/booking', list: '/business/booking/filter/', readOnly: true },
  'bookings/request': { base: '/business/booking/request', readOnly: true, filterBody: true },
  'settings/rules': { base: '/business/rules', create: { method: 'PUT', path: '/create' } },
  'settings/forms': { base: '/business/forms', create: { method: 'PUT', path: '/create' } },
  // The transactions list of /settings/sms.
  'settings/sms': { base: '/business/sms/transactions', readOnly: true },
  countries: { base: '/business/countries', readOnly: true },
  industries: { base: '/business/industry', readOnly: true },
};

const parts = (path: string) => path.split('/').filter(Boolean);

export function apiOf(resource: string): ResourceApi {
  const r = RESOURCE_API[resource];
  if (r) return r;
  const name = parts(resource);
  for (const [pattern, api] of Object.entries(RESOURCE_API)) {
    const p = parts(pattern);
    if (!pattern.includes(':') || p.length !== name.length || !p.every((x, i) => x.startsWith(':') || x === name[i])) continue;
    const params = Object.fromEntries(p.flatMap((x, i) => (x.startsWith(':') ? [[x, encodeURIComponent(name[i])]] : [])));
    return { ...api, base: api.base.replace(/:\w+/g, (x) => params[x] ?? x) };
  }
  throw new Error(`Unknown resource ${resource}`);
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

/** The list call: a GET, or a POST where the API takes the filter in the path or the body. */
export function listCall(resource: string, params: ListParams): { method: 'GET' | 'POST'; url: string; body?: Record<string, unknown> } {
  const r = apiOf(resource);
  const filter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  if (r.listInBody) {
    const body: Record<string, unknown> = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : String(v)]));
    for (const [k, v] of Object.entries(body)) if (v === '') delete body[k];
    if (params.pagination) {
      body.page = String(params.pagination.page);
      body.per_page = String(params.pagination.perPage);
    } else body.pagination = 'off';
    return { method: 'POST', url: r.base, body };
  }
  if (r.keywordPath && typeof filter.q === 'string' && filter.q.trim()) {
    const { q, ...rest } = filter;
    return { method: 'POST', url: `${r.base}/filter/${encodeURIComponent(String(q).trim())}?${listQuery({ ...params, filter: rest })}` };
  }
  if (r.filterBody && Object.keys(filter).length) {
    const body: Record<string, unknown> = { ...filter };
    if (params.pagination) {
      body.page = String(params.pagination.page);
      body.per_page = String(params.pagination.perPage);
    } else body.pagination = 'off';
    return { method: 'POST', url: `${r.base}/filter`, body };
  }
  return { method: 'GET', url: listUrl(resource, params) };
}

/**
 * A body with a file in it travels as multipart: lists and objects as JSON text, empty values
 * as empty text (the API reads it as none), the rest as text.
 */
export function toMultipart(data: Record<string, unknown>): FormData | null {
  const entries = Object.entries(data).filter(([, v]) => v !== undefined);
  if (!entries.some(([, v]) => typeof Blob !== 'undefined' && v instanceof Blob)) return null;
  const form = new FormData();
  for (const [k, v] of entries) {
    if (typeof Blob !== 'undefined' && v instanceof Blob) form.append(k, v);
    else if (v === null) form.append(k, '');
    else if (typeof v === 'object') form.append(k, JSON.stringify(v));
    else form.append(k, String(v));
  }
  return form;
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
  return rows.map((r) =>
    'id' in r && r.id !== undefined && r.id !== null ? (r as T & { id: string | number }) : { ...r, id: String(r.code ?? r.position ?? '') },
  );
}
