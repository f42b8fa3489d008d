import { Inject, Injectable } from '@nestjs/common';
import { Expression, sql, SqlBool } from 'kysely';
import type { Attachment, Customer, ServerInstant } from '@tabour/contracts';
import { Category, CONTACT_KEYS, CustomersTable, foldText, phoneNeedle } from '@tabour/customers';
import { Db, notFound } from '@tabour/platform';
import { likePattern } from '../common/like';
import { selectPage } from '../common/paged-select';
import { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';

export const SORTS = ['created_at', 'first_name', 'last_name', 'email', 'phone', 'internal_id', 'category', 'updated_at'] as const;
export type Sort = (typeof SORTS)[number];

export interface CustomerFilters {
  q?: string;
  category?: Category;
  sort?: Sort;
  order?: 'asc' | 'desc';
}

type Row = Omit<CustomersTable, 'additional_data' | 'internal_id_num' | 'created_at' | 'updated_at' | 'next_booking_at'> & {
  additional_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  next_booking_at: Date | null;
};

const COLUMNS = [
  'id',
  ...CONTACT_KEYS,
  'preferred_language',
  'internal_id',
  'platform_id',
  'platform_verification',
  'notes',
  'additional_data',
  'category',
  'book_more_than_once',
  'next_booking_at',
  'created_at',
  'updated_at',
] as const;

export function customerView(r: Omit<Row, 'tenant_id' | 'search' | 'phone_digits'>): Customer<ServerInstant> {
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    full_name: [r.first_name, r.last_name].filter(Boolean).join(' '),
    email: r.email,
    phone: r.phone,
    second_phone: r.second_phone,
    address: r.address,
    date_of_birth: r.date_of_birth,
    place_of_birth: r.place_of_birth,
    nationality: r.nationality,
    preferred_language: r.preferred_language,
    internal_id: r.internal_id,
    platform_id: r.platform_id,
    platform_verification: r.platform_verification,
    notes: r.notes,
    additional_data: r.additional_data ?? {},
    category: r.category,
    book_more_than_once: r.book_more_than_once,
    next_booking: r.next_booking_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
export type CustomerView = Customer<ServerInstant>;

/**
 * The keyword condition: every word in the folded names/e-mail/ids, or the phone digits (any
 * typed format) in either phone. Both columns carry trigram indexes.
 */
export function keywordCondition(keyword: string, country: string | null): Expression<SqlBool> | null {
  const words = foldText(keyword).split(' ').filter(Boolean).slice(0, 8);
  const parts: Expression<SqlBool>[] = [];
  if (words.length)
    parts.push(
      sql<SqlBool>`(${sql.join(
        words.map((w) => sql`search LIKE ${likePattern(w)}`),
        sql` AND `,
      )})`,
    );
  const needle = phoneNeedle(keyword, country);
  if (needle) parts.push(sql<SqlBool>`phone_digits LIKE ${'%' + needle + '%'}`);
  if (!parts.length) return null;
  return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

@Injectable()
export class CustomerQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  private base(tenantId: string, filters: CustomerFilters, country: string | null) {
    let q = this.db.selectFrom('customers').where('tenant_id', '=', tenantId);
    if (filters.category) q = q.where('category', '=', filters.category);
    if (filters.q?.trim()) {
      const cond = keywordCondition(filters.q.trim(), country);
      if (cond) q = q.where(cond);
    }
    return q;
  }

  async list(tenantId: string, page: PageRequest, filters: CustomerFilters, country: string | null) {
    const sort = filters.sort ?? 'created_at';
    const order = filters.order ?? (sort === 'created_at' || sort === 'updated_at' ? 'desc' : 'asc');
    return selectPage(
      this.base(tenantId, filters, country),
      (b) =>
        b
          .select([...COLUMNS])
          .orderBy(sort, (o) => (order === 'asc' ? o.asc().nullsLast() : o.desc().nullsLast()))
          .orderBy('id', order),
      page,
      (r) => customerView(r as unknown as Row),
    );
  }

  /** Every matching customer, for the export; a cursor-free read is fine at CRM sizes. */
  async all(tenantId: string, filters: CustomerFilters, country: string | null) {
    return (await this.list(tenantId, { limit: null, offset: 0, page: 1 }, filters, country)).data;
  }

  async one(tenantId: string, id: string): Promise<CustomerView> {
    const row = await this.db
      .selectFrom('customers')
      .select([...COLUMNS])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return customerView(row as unknown as Row);
  }

  async exists(tenantId: string, id: string): Promise<boolean> {
    const row = await this.db.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return !!row;
  }

  async contacts(tenantId: string, ids: string[]) {
    if (!ids.length) return [];
    return this.db.selectFrom('customers').select(['id', 'email', 'phone']).where('tenant_id', '=', tenantId).where('id', 'in', ids).orderBy('id').execute();
  }

  async categoryCounts(tenantId: string): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('customers')
      .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .groupBy('category')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
  }

  /** Existing customers an import row may be: by internal id, phone or e-mail. */
  async matches(tenantId: string, iids: string[], phones: string[], emails: string[]) {
    if (!iids.length && !phones.length && !emails.length) return [];
    return this.db
      .selectFrom('customers')
      .select(['id', 'internal_id', 'phone', 'email'])
      .where('tenant_id', '=', tenantId)
      .where((eb) =>
        eb.or([
          ...(iids.length ? [eb('internal_id', 'in', iids)] : []),
          ...(phones.length ? [eb('phone', 'in', phones)] : []),
          ...(emails.length ? [eb('email', 'in', emails)] : []),
        ]),
      )
      .execute();
  }

  /**
   * The next free numeric internal id, reserved: the counter row is locked by the upsert, so
   * concurrent calls queue and each gets its own number, never below the highest in use.
   */
  async nextInternalId(tenantId: string): Promise<string> {
    const res = await sql<{ iid: string }>`
      INSERT INTO customer_iid_counters AS c (tenant_id, next_iid)
      VALUES (${tenantId}, COALESCE((SELECT max(internal_id_num) FROM customers WHERE tenant_id = ${tenantId}), 0) + 2)
      ON CONFLICT (tenant_id) DO UPDATE SET next_iid =
        GREATEST(c.next_iid, COALESCE((SELECT max(internal_id_num) FROM customers WHERE tenant_id = ${tenantId}), 0) + 1) + 1
      RETURNING (next_iid - 1)::text AS iid`.execute(this.db);
    return res.rows[0].iid;
  }

  async attachments(tenantId: string, customerId: string) {
    const rows = await this.db
      .selectFrom('customer_attachments')
      .select(['id', 'customer_id', 'file_name', 'content_type', 'size', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(attachmentView);
  }

  async attachment(tenantId: string, id: string) {
    const row = await this.db.selectFrom('customer_attachments').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The customer's bookings, archived bookings or archived tickets, a page at a time. */
  async related(tenantId: string, customerId: string, kind: 'bookings' | 'archived_bookings' | 'archived_tickets', page: PageRequest) {
    if (!(await this.exists(tenantId, customerId))) throw notFound();
    const table = kind === 'bookings' ? 'customer_bookings' : kind === 'archived_bookings' ? 'customer_archived_bookings' : 'customer_archived_tickets';
    const when = kind === 'archived_tickets' ? 'ended_at' : 'starts_at';
    const base = this.db
      .selectFrom(table as 'customer_bookings')
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', customerId);
    return selectPage(
      base,
      (b) => b.selectAll().orderBy(when as 'starts_at', kind === 'bookings' ? 'asc' : 'desc'),
      page,
      ({ tenant_id: _t, summary, ...r }) => ({
        ...r,
        ...(summary as Record<string, unknown>),
      }),
    );
  }

  async customerIds(tenantId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('customer_keys').select('customer_id').where('tenant_id', '=', tenantId).execute();
    return rows.map((r) => r.customer_id);
  }
}

export function attachmentView(r: {
  id: string;
  customer_id: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: Date;
}): Attachment<ServerInstant> {
  return {
    id: r.id,
    customer_id: r.customer_id,
    file_name: r.file_name,
    content_type: r.content_type,
    size: r.size,
    created_at: r.created_at,
    url: `/business/customer/attachment/${r.id}`,
  };
}
