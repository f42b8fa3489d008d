import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE, localDay, WEEKDAYS, type WorkingDays } from './shared';
import type { OrganisationTables } from './tables';

/**
 * The business calendar: the business's IANA zone decides what "today" is, which local day an
 * instant falls on and where a day begins and ends (docs/organisation.md#the-business-calendar).
 * A day is never a UTC midnight plus 24 hours: a daylight-saving change makes it 23 or 25.
 *
 * The zone lives in `business_profiles`, the organisation's table; other contexts ask here (or
 * through the API's `BusinessCalendar`, which caches it) instead of selecting the column.
 */

/** The app's instance seen as the organisation's tables alone, business_profiles included. */
export type OrganisationDb = Kysely<OrganisationTables>;
export function organisationDb<DB>(db: Kysely<DB>): OrganisationDb {
  // The app's one instance holds every table, but its type (`Db`) leaves business_profiles out:
  // the organisation's own reads see it through this cast, the organisation's alone to make.
  return db as unknown as OrganisationDb;
}

/** The business's local date at `now` (YYYY-MM-DD); `localDay` (shared.ts) gives any instant's. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return localDay(now, zone);
}

/** The instant a local day (YYYY-MM-DD) begins in the zone: its first instant, not always 00:00. */
export function dayStart(day: string, zone: string): Date {
  return local(day, zone).startOf('day').toJSDate();
}

/** The instant the local day after `day` begins: the day is [dayStart, dayEnd). */
export function dayEnd(day: string, zone: string): Date {
  // The next day's start, not this start plus a day: where the clocks skip midnight, a day
  // begins at 01:00 and the next at 00:00.
  return local(day, zone).plus({ days: 1 }).startOf('day').toJSDate();
}

/** Both ends of a local day as instants, [start, end). */
export function dayBounds(day: string, zone: string): { start: Date; end: Date } {
  return { start: dayStart(day, zone), end: dayEnd(day, zone) };
}

/** How many hours a local day lasts: 24, or 23 / 25 on a daylight-saving change. */
export function dayHours(day: string, zone: string): number {
  const { start, end } = dayBounds(day, zone);
  return (end.getTime() - start.getTime()) / 3_600_000;
}

/**
 * The opening hours of a local day as instants, from the business's week (`working_days`,
 * local HH:mm). A closed day, or a week never set, has none. A local time the clocks skip
 * (02:30 on a spring-forward night) is read as the instant an hour later, as luxon does.
 */
export function openingHoursOn(days: WorkingDays | null, day: string, zone: string): { from: Date; to: Date }[] {
  const date = local(day, zone);
  const weekday = WEEKDAYS[date.weekday - 1];
  const open = days?.find((d) => d.day === weekday);
  if (!open?.open) return [];
  const at = (hhmm: string) => date.set({ hour: Number(hhmm.slice(0, 2)), minute: Number(hhmm.slice(3, 5)), second: 0, millisecond: 0 }).toJSDate();
  return open.ranges.map((r) => ({ from: at(r.from), to: at(r.to) }));
}

function local(day: string, zone: string): DateTime {
  const dt = DateTime.fromISO(day, { zone });
  if (!dt.isValid) throw new RangeError(`not a day in ${zone}: ${day}`);
  return dt;
}

// ---- reads

/** The business's zone; a business not (yet) found is on the default zone. */
export async function businessZone<DB>(db: Kysely<DB>, tenantId: string): Promise<string> {
  const row = await organisationDb(db).selectFrom('business_profiles').select('time_zone').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** The zones of several businesses; one missing from the answer has no profile. */
export async function businessZones<DB>(db: Kysely<DB>, tenantIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(tenantIds)];
  if (!ids.length) return new Map();
  const rows = await organisationDb(db).selectFrom('business_profiles').select(['tenant_id', 'time_zone']).where('tenant_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.tenant_id, r.time_zone]));
}

/** The business's week of opening hours (local HH:mm), null while never set. */
export async function businessWorkingDays<DB>(db: Kysely<DB>, tenantId: string): Promise<WorkingDays | null> {
  const row = await organisationDb(db).selectFrom('business_profiles').select('working_days').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.working_days ?? null;
}

/**
 * The business's zone as a scalar subquery, for a statement that reads many businesses or must
 * stay one round trip (a reminder sweep, a report schedule). `tenant` is a value or a column
 * reference (`sql.ref('t.tenant_id')`); the answer is null for a business with no profile.
 */
export function businessZoneSql(tenant: string | RawBuilder<unknown>): RawBuilder<string | null> {
  return sql<string | null>`(SELECT bz.time_zone FROM business_profiles bz WHERE bz.tenant_id = ${tenant})`;
}

/** The business's zone and week as one JSON object (null with no profile), for a one-statement read. */
export function businessCalendarSql(tenant: string | RawBuilder<unknown>): RawBuilder<{ time_zone: string; working_days: WorkingDays | null } | null> {
  return sql<{
    time_zone: string;
    working_days: WorkingDays | null;
  } | null>`(SELECT json_build_object('time_zone', bc.time_zone, 'working_days', bc.working_days)
    FROM business_profiles bc WHERE bc.tenant_id = ${tenant})`;
}
