import type { Page } from '@tabour/contracts';
import { badRequest } from '@tabour/platform';

export interface PageRequest {
  /** null: every row (pagination=off). */
  limit: number | null;
  offset: number;
  page: number;
}

/** A list page as every list call answers it: the contract's. */
export type Paged<T> = Page<T>;

const MAX_PER_PAGE = 1000;

/**
 * The list conventions of the API: `?page=N` pages of `perPage` rows, `?pagination=off` for all,
 * `?pagination=1000` for pages of that many (customers), `?per_page=` for the screens' tables.
 */
export function pageRequest(query: Record<string, unknown>, perPage = 15): PageRequest {
  const pagination = query.pagination === undefined ? undefined : String(query.pagination);
  const pageRaw = query.page === undefined || query.page === '' ? '1' : String(query.page);
  if (!/^\d{1,9}$/.test(pageRaw) || Number(pageRaw) < 1) throw badRequest('page must be a positive whole number');
  const page = Number(pageRaw);
  if (pagination === 'off') return { limit: null, offset: 0, page: 1 };
  let size = perPage;
  const sizeRaw = pagination ?? (query.per_page === undefined ? undefined : String(query.per_page));
  if (sizeRaw !== undefined) {
    if (!/^\d{1,5}$/.test(sizeRaw) || Number(sizeRaw) < 1 || Number(sizeRaw) > MAX_PER_PAGE) {
      throw badRequest(`pagination must be "off" or a number from 1 to ${MAX_PER_PAGE}`);
    }
    size = Number(sizeRaw);
  }
  return { limit: size, offset: (page - 1) * size, page };
}

export function paged<T>(rows: T[], total: number, req: PageRequest): Paged<T> {
  return {
    data: rows,
    total,
    page: req.page,
    per_page: req.limit,
    last_page: req.limit ? Math.max(1, Math.ceil(total / req.limit)) : 1,
  };
}
