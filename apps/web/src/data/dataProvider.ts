import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { businessCalls } from './business';
import { customerCalls } from './customers';
import { api } from './http';
import { createCall, deleteCall, listCall, oneUrl, readList, toMultipart, updateCall, withIds } from './resources';

/** Only the fields the form changed: the API updates any subset, and read-only fields stay out. */
export function changes(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  if (!previous) return data;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (JSON.stringify(v) !== JSON.stringify(previous[k])) out[k] = v;
  return out;
}

async function list(resource: string, params: Parameters<DataProvider['getList']>[1]) {
  const call = listCall(resource, {
    pagination: params.pagination ? { page: params.pagination.page, perPage: params.pagination.perPage } : false,
    sort: params.sort,
    filter: params.filter,
  });
  const body = await api(call.url, { method: call.method, body: call.body });
  const { data, total } = readList<Record<string, unknown>>(body);
  return { data: withIds(data) as RaRecord[], total };
}

/** The business's custom calls, beside react-admin's CRUD verbs. */
/**
 * react-admin's verbs and the screens' other calls, each by name (the screens hold no address):
 * called through `useDataProvider`, a refused session ends as for the verbs (checkError).
 */
export type TabourDataProvider = DataProvider & {
  reorderServices(order: Identifier[]): Promise<{ data: RaRecord[] }>;
} & typeof customerCalls &
  typeof businessCalls;

export const dataProvider: TabourDataProvider = {
  getList: (resource, params) => list(resource, params) as never,
  getOne: async (resource, { id }) => ({ data: (await api(oneUrl(resource, id))) as never }),
  getMany: async (resource, { ids }) => {
    const { data } = await list(resource, { filter: {}, pagination: undefined as never, sort: undefined as never });
    const wanted = new Set(ids.map(String));
    return { data: data.filter((r) => wanted.has(String(r.id))) as never };
  },
  getManyReference: (resource, params) => list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never,
  create: async (resource, { data }) => {
    const { method, url } = createCall(resource);
    return { data: (await api(url, { method, body: toMultipart(data) ?? data })) as never };
  },
  update: async (resource, { id, data, previousData }) => {
    const { method, url } = updateCall(resource, id);
    const body = changes(data, previousData);
    return { data: (await api(url, { method, body: toMultipart(body) ?? body })) as never };
  },
  updateMany: async (resource, { ids, data }) => {
    for (const id of ids) await api(updateCall(resource, id).url, { method: 'POST', body: data });
    return { data: ids };
  },
  delete: async (resource, { id, previousData }) => {
    const { method, url } = deleteCall(resource, id);
    await api(url, { method });
    return { data: (previousData ?? { id }) as never };
  },
  deleteMany: async (resource, { ids }) => {
    for (const id of ids) {
      const { method, url } = deleteCall(resource, id);
      await api(url, { method });
    }
    return { data: ids };
  },
  reorderServices: async (order) => {
    const body = await api('/business/service/ussd/update', { method: 'POST', body: { order } });
    return { data: readList<RaRecord>(body).data };
  },
  ...customerCalls,
  ...businessCalls,
};
