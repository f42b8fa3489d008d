import { Inject, Injectable } from '@nestjs/common';
import { Selectable, sql } from 'kysely';
import type { Business, ServerInstant, Service } from '@tabour/contracts';
import { DEFAULT_TIME_ZONE, DepartmentsTable, HolidaysTable, localDay, organisationDb, TeamMembersTable, WorkingDays } from '@tabour/organisation';
import { Db, notFound } from '@tabour/platform';
import { likePattern as like } from '../common/like';
import { selectPage } from '../common/paged-select';
import { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { uploadUrl } from './uploads';

const seconds = (s: number) => ({ duration_seconds: s, duration: Math.round((s / 60) * 100) / 100 });
export interface DepartmentService {
  id: string;
  name: string;
  /** The duration in this department: its own when set, else the service's. */
  duration_seconds: number;
  duration: number;
  own_duration_seconds: number | null;
  service_duration_seconds: number;
}

/**
 * The columns a list may be sorted by (`?sort=&order=`), with the names the screens use; any
 * other column keeps the list's own order, so a table header never breaks the list.
 */
const SORTS = {
  services: {
    ussd_order: 's.ussd_order',
    name: 's.name',
    price: 's.price',
    duration: 's.duration_seconds',
    duration_seconds: 's.duration_seconds',
    category: 's.category',
    created_at: 's.created_at',
    updated_at: 's.updated_at',
  },
  departments: {
    name: 'name',
    slot_duration: 'slot_duration',
    max_bookings_per_slot: 'max_bookings_per_slot',
    max_daily_bookings: 'max_daily_bookings',
    created_at: 'created_at',
    updated_at: 'updated_at',
  },
  team: {
    name: 'm.last_name',
    last_name: 'm.last_name',
    first_name: 'm.first_name',
    email: 'm.email',
    position: 'm.position',
    role: 'm.role',
    department_name: 'd.name',
    is_bookable: 'm.is_bookable',
    member_since: 'm.member_since',
    created_at: 'm.created_at',
  },
  holidays: {
    starts_at: 'starts_at',
    start_date: 'starts_at',
    ends_at: 'ends_at',
    end_date: 'ends_at',
    type: 'type',
    scope: 'scope',
    status: 'status',
    created_at: 'created_at',
  },
} as const;

export interface ListOptions {
  q?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

function sortColumn<K extends keyof typeof SORTS>(list: K, sort: string | undefined): string | null {
  const columns = SORTS[list] as Record<string, string>;
  return sort && Object.prototype.hasOwnProperty.call(columns, sort) ? columns[sort] : null;
}

/** Reads of the organisation's tables. Every query is filtered by the caller's business. */
@Injectable()
export class OrganisationQueries {
  constructor(@Inject(DB) private readonly db: Db) {}

  async timeZone(tenantId: string): Promise<string> {
    const row = await organisationDb(this.db).selectFrom('business_profiles').select('time_zone').where('tenant_id', '=', tenantId).executeTakeFirst();
    return row?.time_zone ?? DEFAULT_TIME_ZONE;
  }

  async business(tenantId: string): Promise<Business<ServerInstant>> {
    const b = await organisationDb(this.db).selectFrom('business_profiles').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    if (!b) throw notFound();
    const { tenant_id, logo, lat, lng, ...rest } = b;
    return { id: tenant_id, ...rest, logo, logo_url: uploadUrl(tenant_id, logo), location: lat === null || lng === null ? null : { lat, lng } };
  }

  // ---- services
  private serviceRow(r: {
    id: string;
    name: string;
    price: string;
    duration_seconds: number;
    category: string | null;
    parent_id: string | null;
    ussd_order: number;
    created_at: Date;
    updated_at: Date;
    sub_services?: number;
  }) {
    return {
      id: r.id,
      name: r.name,
      price: Number(r.price),
      ...seconds(r.duration_seconds),
      category: r.category,
      parent_id: r.parent_id,
      ussd_order: r.ussd_order,
      sub_services: Number(r.sub_services ?? 0),
      created_at: r.created_at,
      updated_at: r.updated_at,
    };
  }

  async services(tenantId: string, page: PageRequest, opts: ListOptions & { parentId?: string } = {}) {
    let base = this.db.selectFrom('services as s').where('s.tenant_id', '=', tenantId);
    if (opts.q) base = base.where((eb) => eb.or([eb('s.name', 'ilike', like(opts.q!)), eb('s.category', 'ilike', like(opts.q!))]));
    if (opts.parentId) base = base.where('s.parent_id', '=', opts.parentId);
    return selectPage(
      base,
      (b) =>
        b
          .selectAll('s')
          .select(sql<number>`(SELECT count(*)::int FROM services c WHERE c.tenant_id = s.tenant_id AND c.parent_id = s.id)`.as('sub_services'))
          .orderBy(sql.ref(sortColumn('services', opts.sort) ?? 's.ussd_order'), opts.order ?? 'asc')
          .orderBy('s.id'),
      page,
      (r) => this.serviceRow(r),
    );
  }

  async service(tenantId: string, id: string): Promise<Service<ServerInstant>> {
    const r = await this.db
      .selectFrom('services as s')
      .selectAll('s')
      .select(sql<number>`(SELECT count(*)::int FROM services c WHERE c.tenant_id = s.tenant_id AND c.parent_id = s.id)`.as('sub_services'))
      .where('s.tenant_id', '=', tenantId)
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound();
    const departments = await this.db
      .selectFrom('department_services as ds')
      .innerJoin('departments as d', (j) => j.onRef('d.id', '=', 'ds.department_id').onRef('d.tenant_id', '=', 'ds.tenant_id'))
      .select(['d.id', 'd.name', 'ds.duration_seconds'])
      .where('ds.tenant_id', '=', tenantId)
      .where('ds.service_id', '=', id)
      .orderBy('d.name')
      .execute();
    return {
      ...this.serviceRow(r),
      departments: departments.map((d) => ({ id: d.id, name: d.name, duration_seconds: d.duration_seconds ?? r.duration_seconds })),
    };
  }

  async serviceIds(tenantId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('services').select('id').where('tenant_id', '=', tenantId).execute();
    return rows.map((r) => r.id);
  }

  async existingServiceIds(tenantId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db.selectFrom('services').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The service and every parent above it, for the cycle check of a new parent. */
  async ancestry(tenantId: string, id: string): Promise<string[] | null> {
    const res = await sql<{ id: string }>`
      WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT id, parent_id, 0 FROM services WHERE tenant_id = ${tenantId} AND id = ${id}
        UNION ALL
        SELECT s.id, s.parent_id, up.depth + 1 FROM services s JOIN up ON s.id = up.parent_id
        WHERE s.tenant_id = ${tenantId} AND up.depth < 100
      ) SELECT id FROM up ORDER BY depth`.execute(this.db);
    return res.rows.length ? res.rows.map((r) => r.id) : null;
  }

  async hasSubServices(tenantId: string, id: string): Promise<boolean> {
    const r = await this.db.selectFrom('services').select('id').where('tenant_id', '=', tenantId).where('parent_id', '=', id).limit(1).executeTakeFirst();
    return !!r;
  }

  async servicesLite(tenantId: string, page: PageRequest, q?: string) {
    let base = this.db.selectFrom('services').where('tenant_id', '=', tenantId);
    if (q) base = base.where((eb) => eb.or([eb('name', 'ilike', like(q)), eb('category', 'ilike', like(q))]));
    return selectPage(
      base,
      (b) => b.select(['id', 'name', 'duration_seconds', 'price', 'category', 'parent_id', 'ussd_order']).orderBy('ussd_order').orderBy('id'),
      page,
      (r) => ({ ...r, price: Number(r.price), ...seconds(r.duration_seconds) }),
    );
  }

  // ---- departments
  private async departmentServices(tenantId: string, departmentIds: string[]) {
    if (!departmentIds.length) return new Map<string, DepartmentService[]>();
    const rows = await this.db
      .selectFrom('department_services as ds')
      .innerJoin('services as s', (j) => j.onRef('s.id', '=', 'ds.service_id').onRef('s.tenant_id', '=', 'ds.tenant_id'))
      .select(['ds.department_id', 's.id', 's.name', 's.duration_seconds as service_seconds', 'ds.duration_seconds as own_seconds', 's.ussd_order'])
      .where('ds.tenant_id', '=', tenantId)
      .where('ds.department_id', 'in', departmentIds)
      .orderBy('s.ussd_order')
      .execute();
    const out = new Map<string, DepartmentService[]>();
    for (const r of rows) {
      const list = out.get(r.department_id) ?? [];
      list.push({
        id: r.id,
        name: r.name,
        ...seconds(r.own_seconds ?? r.service_seconds),
        own_duration_seconds: r.own_seconds,
        service_duration_seconds: r.service_seconds,
      });
      out.set(r.department_id, list);
    }
    return out;
  }

  async departments(tenantId: string, page: PageRequest, opts: ListOptions = {}) {
    let base = this.db.selectFrom('departments').where('tenant_id', '=', tenantId);
    if (opts.q) base = base.where('name', 'ilike', like(opts.q));
    const found = await selectPage(
      base,
      (b) =>
        b
          .selectAll()
          .orderBy(sql.ref(sortColumn('departments', opts.sort) ?? 'name'), opts.order ?? 'asc')
          .orderBy('id'),
      page,
    );
    const services = await this.departmentServices(
      tenantId,
      found.data.map((r) => r.id),
    );
    return { ...found, data: found.data.map((r) => this.departmentRow(r, services.get(r.id) ?? [])) };
  }

  private departmentRow(r: Selectable<DepartmentsTable>, services: DepartmentService[]) {
    const { tenant_id: _t, ...rest } = r;
    return {
      ...rest,
      services,
      service_ids: services.map((s) => s.id),
      service_durations: services.filter((s) => s.own_duration_seconds !== null).map((s) => ({ service_id: s.id, duration_seconds: s.own_duration_seconds })),
    };
  }

  async department(tenantId: string, id: string) {
    const r = await this.db.selectFrom('departments').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    const services = await this.departmentServices(tenantId, [id]);
    return this.departmentRow(r, services.get(id) ?? []);
  }

  async departmentExists(tenantId: string, id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('departments').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst());
  }

  // ---- team
  private memberRow(r: Selectable<TeamMembersTable> & { department_name: string | null }) {
    const { tenant_id, photo, department_name, ...rest } = r;
    return { ...rest, name: `${r.first_name} ${r.last_name}`, photo, photo_url: uploadUrl(tenant_id, photo), department_name: department_name ?? null };
  }

  private membersBase(tenantId: string) {
    return this.db
      .selectFrom('team_members as m')
      .leftJoin('departments as d', (j) => j.onRef('d.id', '=', 'm.department_id').onRef('d.tenant_id', '=', 'm.tenant_id'))
      .where('m.tenant_id', '=', tenantId);
  }

  async team(tenantId: string, page: PageRequest, opts: ListOptions = {}) {
    let base = this.membersBase(tenantId);
    if (opts.q) {
      const pattern = like(opts.q);
      base = base.where((eb) => eb.or([eb('m.first_name', 'ilike', pattern), eb('m.last_name', 'ilike', pattern), eb('m.email', 'ilike', pattern)]));
    }
    const dir = opts.order ?? 'asc';
    const column = sortColumn('team', opts.sort);
    return selectPage(
      base,
      (b) => {
        const q = b.selectAll('m').select('d.name as department_name');
        return (column ? q.orderBy(sql.ref(column), dir) : q.orderBy('m.last_name', dir).orderBy('m.first_name', dir)).orderBy('m.id');
      },
      page,
      (r) => this.memberRow(r),
    );
  }

  async member(tenantId: string, id: string) {
    const r = await this.membersBase(tenantId).selectAll('m').select('d.name as department_name').where('m.id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return this.memberRow(r);
  }

  async memberIds(tenantId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('team_members').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** Which of the ids are the business's departments (a resource belongs to some). */
  async departmentIds(tenantId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('departments').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  async memberExists(tenantId: string, id: string): Promise<boolean> {
    return (await this.memberIds(tenantId, [id])).length === 1;
  }

  // ---- holidays
  private holidayRow(r: Selectable<HolidaysTable>, zone: string) {
    const { tenant_id: _t, ...rest } = r;
    return {
      ...rest,
      // The local calendar days the holiday covers, in the business's zone (end day included).
      start_date: localDay(r.starts_at, zone),
      // ends_at is exclusive (the local midnight after the last day for whole days).
      end_date: localDay(new Date(new Date(r.ends_at).getTime() - 1), zone),
    };
  }

  async holidays(tenantId: string, page: PageRequest, opts: Omit<ListOptions, 'q'> & { viewer?: string; from?: Date; to?: Date; scope?: string }) {
    let base = this.db.selectFrom('holidays').where('tenant_id', '=', tenantId);
    // Staff without a managing role see the closures of the business and their own absences.
    if (opts.viewer)
      base = base.where((eb) => eb.or([eb('scope', '=', 'agency'), eb('created_by', '=', opts.viewer!), sql<boolean>`member_ids ? ${opts.viewer}`]));
    if (opts.from) base = base.where('ends_at', '>', opts.from);
    if (opts.to) base = base.where('starts_at', '<', opts.to);
    if (opts.scope) base = base.where('scope', '=', opts.scope);
    const [found, zone] = await Promise.all([
      selectPage(
        base,
        (b) =>
          b
            .selectAll()
            .orderBy(sql.ref(sortColumn('holidays', opts.sort) ?? 'starts_at'), opts.order ?? 'desc')
            .orderBy('id'),
        page,
      ),
      this.timeZone(tenantId),
    ]);
    return { ...found, data: found.data.map((r) => this.holidayRow(r, zone)) };
  }

  /** The business's clock and week, for the contexts that count days (bookings, queues, statistics). */
  async calendar(tenantId: string): Promise<{ time_zone: string; working_days: WorkingDays | null }> {
    const row = await organisationDb(this.db)
      .selectFrom('business_profiles')
      .select(['time_zone', 'working_days'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return { time_zone: row?.time_zone ?? DEFAULT_TIME_ZONE, working_days: row?.working_days ?? null };
  }

  /**
   * Approved holidays overlapping [from, to): the business's closures, and a member's own
   * absences when `memberId` is given. Bookings and slots ask this before offering a time.
   */
  async closures(tenantId: string, from: Date, to: Date, memberId?: string) {
    let q = this.db
      .selectFrom('holidays')
      .select(['id', 'type', 'scope', 'member_ids', 'reason', 'starts_at', 'ends_at', 'all_day'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'approved')
      .where('starts_at', '<', to)
      .where('ends_at', '>', from);
    q = memberId ? q.where((eb) => eb.or([eb('scope', '=', 'agency'), sql<boolean>`member_ids ? ${memberId}`])) : q.where('scope', '=', 'agency');
    return q.orderBy('starts_at').execute();
  }

  async holiday(tenantId: string, id: string) {
    const r = await this.db.selectFrom('holidays').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return this.holidayRow(r, await this.timeZone(tenantId));
  }
}
