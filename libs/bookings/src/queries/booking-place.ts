/**
 * The reads a booking's place is judged on (the availability listing, a create's context step
 * and the capacity guard): SQL, so they sit with the context's queries and not with its decider.
 */
import { DateTime } from 'luxon';
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { BOOKING_HOLDING_STATUSES, WEEKDAYS, type WorkingDay } from '@tabour/contracts';
import { businessCalendarSql, businessFieldSql } from '@tabour/organisation';
import type { AvailabilityInput, HeldBooking } from '../availability/types';
import { BOOKING_SETTINGS_DEFAULTS } from '../booking-settings';

export interface AvailabilityQuery {
  department_id: string;
  /** Local dates, both included; by default today in the business's zone and the week from `from`. */
  from?: string;
  /** Instead of `from` and `to`: the local date of this instant in the business's zone (a booking's start, before the zone is known). */
  on?: string;
  to?: string;
  now: Date;
  selected_member_id?: string | null;
  /** The chosen services (their sum is the duration), or a duration already known (a booking's). */
  service_ids?: string[];
  duration_minutes?: number;
  /** A booking being moved does not stand in its own way. */
  except_booking_id?: string;
}

/** A business without booking hours yet has none open: nothing is bookable until they are set. */
const CLOSED_WEEK: WorkingDay[] = WEEKDAYS.map((day) => ({ day, open: false, ranges: [] }));

const iso = (v: Date | string) => (typeof v === 'string' ? new Date(v) : v).toISOString();

/**
 * An instant written by PostgreSQL in the UTC form `toISOString` writes, so that thousands of
 * bookings are neither parsed into Dates by the driver nor written back out here, and the
 * engine reads them on its fast path.
 */
const isoText = (column: 'starts_at' | 'ends_at') => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(column);

/** The span, in days, of a listing asked without an end. */
const DEFAULT_DAYS = 7;

/** No booking lasts longer than a day (the engine takes at most 1440 minutes), so one overlapping a range starts at most a day before it. */
const LONGEST_BOOKING_DAYS = 1;

/**
 * Everything the availability engine needs for one department over a range of local dates, in
 * five indexed reads: the business and its booking settings, the department with its services,
 * its bookable members, the approved holidays and the holding bookings (the department's, and
 * its members' in any department) around the range. Null when the department is not the
 * business's. The capacity guard reads through this too, so the listing and the check count alike.
 */
export async function readAvailabilityInput(db: ProjectionDb<Database>, tenantId: string, q: AvailabilityQuery): Promise<AvailabilityInput | null> {
  return (await readBookingPlace(db, tenantId, q))?.input ?? null;
}

interface Bounds {
  rangeStart: DateTime;
  rangeEnd: DateTime;
  earliestStart: DateTime;
  firstLocalDate: string;
  lastLocalDate: string;
}

/**
 * The instants and local dates a range of local dates is read between, by zone and dates: each
 * is worked out through the zone's rules (a dozen Intl calls), and a create reads the same
 * day twice (its decision and the guard), as every booking of that day does.
 */
const bounds = new Map<string, Bounds>();
const BOUNDS_KEPT = 1000;

function boundsOf(zone: string, from: string, to: string): Bounds {
  const key = `${zone}\u0000${from}\u0000${to}`;
  const known = bounds.get(key);
  if (known) return known;
  const first = DateTime.fromISO(from, { zone }).startOf('day');
  const last = DateTime.fromISO(to, { zone }).startOf('day').plus({ days: 1 });
  // A day either side: a booking or holiday across a local midnight still overlaps the range.
  const rangeStart = (first.isValid ? first : DateTime.now()).minus({ days: 1 });
  const rangeEnd = (last.isValid ? last : DateTime.now()).plus({ days: 1 });
  // The same bounds again in the indexes' terms (the start, its local date), so the holding
  // bookings' indexes are read over the range and not over every booking before its end.
  const earliestStart = rangeStart.minus({ days: LONGEST_BOOKING_DAYS });
  const firstLocalDate = earliestStart.setZone(zone).minus({ days: 1 }).toISODate() as string;
  const lastLocalDate = rangeEnd.setZone(zone).plus({ days: 1 }).toISODate() as string;
  const made = { rangeStart, rangeEnd, earliestStart, firstLocalDate, lastLocalDate };
  // Bounds taken from the clock (dates that do not parse) are not the dates' own.
  if (!first.isValid || !last.isValid) return made;
  if (bounds.size >= BOUNDS_KEPT) bounds.delete(bounds.keys().next().value!);
  bounds.set(key, made);
  return made;
}

/** What a booking's place is judged on: the availability input and the department's services (id and seconds each). */
export interface BookingPlace {
  input: AvailabilityInput;
  services: { id: string; seconds: number }[];
  /** Whether the business confirms online bookings before they hold (read with its zone). */
  booking_confirmation: boolean;
}

/**
 * The zone each business was last read with. A booking's day is read in one statement with the
 * business and the department, so its bounds are worked out before the zone is read, in the zone
 * seen last; the statement reads the zone too, and a business whose zone has changed (or was not
 * seen yet in this process) has its day read again in the zone it read. Nothing has to tell this
 * map of a change: every read checks it.
 */
const zones = new Map<string, string>();
const ZONES_KEPT = 10_000;

function rememberZone(tenantId: string, zone: string): void {
  if (zones.get(tenantId) === zone) return;
  if (zones.size >= ZONES_KEPT && !zones.has(tenantId)) zones.delete(zones.keys().next().value!);
  zones.set(tenantId, zone);
}

/** The local dates a read covers in `zone`: a booking's day (`on`), or the range asked (by default the week from today). */
function datesIn(zone: string, q: AvailabilityQuery): { from: string; to: string } {
  const at = q.on ? DateTime.fromISO(q.on, { setZone: true }) : null;
  const from = (at?.isValid ? at.setZone(zone).toISODate() : q.from) ?? (DateTime.now().setZone(zone).toISODate() as string);
  const to =
    (at?.isValid ? from : q.to) ??
    DateTime.fromISO(from, { zone })
      .plus({ days: DEFAULT_DAYS - 1 })
      .toISODate() ??
    '';
  return { from, to };
}

interface HolidayRow {
  scope: string;
  member_ids: string[];
  starts_at: Date | string;
  ends_at: Date | string;
}

interface PlaceOptions {
  lock?: readonly string[];
  /** Run once the locks are held and the day is read, before anything is judged (the guard's check of the customer). */
  beforeBookings?: () => Promise<void>;
}

/** A day's bounds worked out before the zone is read, in the zone the business was seen with last. */
type Early = { zone: string; from: string; to: string; bounds: Bounds };

const memberRows = (eb: ExpressionBuilder<Database, never>, tenantId: string, departmentId: string) =>
  eb
    .selectFrom('team_members')
    .where('tenant_id', '=', tenantId)
    .where('is_bookable', '=', true)
    .where((w) => w.or([w('department_id', '=', departmentId), w('department_id', 'is', null)]));

/**
 * The business, the department with its services and its bookable members in one statement (a
 * member without a department serves every department); with `early`, the day's holidays and
 * holding bookings too, through booking_place_read, which takes the locks first.
 */
function readHead(db: ProjectionDb<Database>, tenantId: string, q: AvailabilityQuery, early: Early | null, lock: readonly string[]) {
  const b = early?.bounds;
  return db
    .selectNoFrom((eb) => [
      // The business's zone and week are the organisation's calendar, its booking switches its profile.
      businessCalendarSql(tenantId).as('calendar'),
      businessFieldSql(tenantId, 'booking_days_limit').as('booking_days_limit'),
      businessFieldSql(tenantId, 'booking_confirmation').as('booking_confirmation'),
      eb.selectFrom('booking_settings as s').select('s.min_notice_minutes').where('s.tenant_id', '=', tenantId).as('min_notice_minutes'),
      jsonObjectFrom(
        eb
          .selectFrom('departments as d')
          .select(['d.id', 'd.slot_duration', 'd.max_bookings_per_slot', 'd.max_daily_bookings', 'd.must_select_member'])
          .select((inner) =>
            inner
              .selectFrom('department_services as ds')
              .innerJoin('services as sv', 'sv.id', 'ds.service_id')
              .whereRef('ds.department_id', '=', 'd.id')
              .select(
                sql<
                  { id: string; seconds: number }[]
                >`coalesce(json_agg(json_build_object('id', sv.id, 'seconds', coalesce(ds.duration_seconds, sv.duration_seconds))), '[]')`.as('x'),
              )
              .as('services'),
          )
          .where('d.id', '=', q.department_id)
          .where('d.tenant_id', '=', tenantId),
      ).as('department'),
      jsonArrayFrom(memberRows(eb, tenantId, q.department_id).select(['id', 'working_days']).orderBy('created_at').orderBy('id')).as('members'),
      // The locks do not guard what the statement reads itself (settings, members), only the
      // holidays and bookings the function reads after taking them.
      ...(b
        ? [
            sql<{ holidays: HolidayRow[]; bookings: HeldBooking[] }>`booking_place_read(
              ${[...lock]}::text[], ${tenantId}::uuid, ${q.department_id}::uuid,
              ARRAY(${memberRows(eb, tenantId, q.department_id).select('id')})::uuid[],
              ${b.rangeStart.toJSDate()}::timestamptz, ${b.rangeEnd.toJSDate()}::timestamptz,
              ${b.earliestStart.toJSDate()}::timestamptz, ${b.firstLocalDate}::date, ${b.lastLocalDate}::date,
              ${q.except_booking_id ?? null}::uuid)`.as('day'),
          ]
        : []),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * The approved holidays and the holding bookings (the department's, and its members' in any
 * department) around the range, when the head statement did not read them in the business's
 * zone. A day read again (the locks, if any, are held: a new statement sees every booking their
 * holders committed) is one statement of JSON; a range is two of rows.
 */
async function readHeld(
  db: ProjectionDb<Database>,
  tenantId: string,
  q: AvailabilityQuery,
  b: Bounds,
  memberIds: string[],
  oneDay: boolean,
): Promise<readonly [HolidayRow[], HeldBooking[]]> {
  const holidaysQuery = db
    .selectFrom('holidays')
    .select(['scope', 'member_ids', 'starts_at', 'ends_at'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'approved')
    .where('starts_at', '<', b.rangeEnd.toJSDate())
    .where('ends_at', '>', b.rangeStart.toJSDate());
  const bookingsQuery = db
    .selectFrom('bookings')
    .select(['id', 'department_id', 'member_id', isoText('starts_at'), isoText('ends_at')])
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', [...BOOKING_HOLDING_STATUSES])
    .where('starts_at', '<', b.rangeEnd.toJSDate())
    .where('ends_at', '>', b.rangeStart.toJSDate())
    .where('starts_at', '>=', b.earliestStart.toJSDate())
    .where((w) =>
      w.or([
        w.and([w('department_id', '=', q.department_id), w('local_date', '>=', b.firstLocalDate), w('local_date', '<=', b.lastLocalDate)]),
        ...(memberIds.length ? [w('member_id', 'in', memberIds)] : []),
      ]),
    )
    .$if(!!q.except_booking_id, (qb) => qb.where('id', '!=', q.except_booking_id!));
  if (!oneDay) return Promise.all([holidaysQuery.execute(), bookingsQuery.execute()]);
  const r = await db.selectNoFrom([jsonArrayFrom(holidaysQuery).as('holidays'), jsonArrayFrom(bookingsQuery).as('bookings')]).executeTakeFirstOrThrow();
  return [r.holidays, r.bookings] as const;
}

type Head = Awaited<ReturnType<typeof readHead>>;

/** The business's part of the head: its calendar (zone, week) with its booking switches. */
function businessOf(head: Head) {
  const { calendar } = head;
  return (
    calendar && {
      ...calendar,
      booking_days_limit: head.booking_days_limit!,
      booking_confirmation: head.booking_confirmation,
      min_notice_minutes: head.min_notice_minutes,
    }
  );
}

/** The engine's input from what was read: the duration from the chosen services (or the one given, or the department's slot). */
function toInput(
  q: AvailabilityQuery,
  head: { business: NonNullable<ReturnType<typeof businessOf>>; department: NonNullable<Head['department']>; members: Head['members'] },
  dates: { zone: string; from: string; to: string },
  holidays: HolidayRow[],
  bookings: HeldBooking[],
): AvailabilityInput {
  const { business, department, members } = head;
  const memberIds = members.map((m) => m.id);
  const durations = new Map((department.services ?? []).map((s) => [s.id, s.seconds]));
  const chosen = (q.service_ids ?? []).filter((id) => durations.has(id));
  const duration =
    q.duration_minutes ?? (chosen.length ? Math.max(1, Math.ceil(chosen.reduce((sum, id) => sum + durations.get(id)!, 0) / 60)) : department.slot_duration);
  return {
    time_zone: dates.zone,
    now: q.now.toISOString(),
    from: dates.from,
    to: dates.to,
    booking_days_limit: business.booking_days_limit,
    min_notice_minutes: business.min_notice_minutes ?? BOOKING_SETTINGS_DEFAULTS.min_notice_minutes,
    working_days: business.working_days ?? CLOSED_WEEK,
    department: {
      id: department.id,
      slot_duration: department.slot_duration,
      max_bookings_per_slot: department.max_bookings_per_slot,
      max_daily_bookings: department.max_daily_bookings,
      must_select_member: department.must_select_member,
    },
    members: members.map((m) => ({ id: m.id, working_days: m.working_days })),
    holidays: holidays
      .filter((h) => h.scope === 'agency' || h.member_ids.some((id) => memberIds.includes(id)))
      .map((h) => ({
        scope: h.scope === 'agency' ? ('agency' as const) : ('members' as const),
        member_ids: h.member_ids,
        starts_at: iso(h.starts_at),
        ends_at: iso(h.ends_at),
      })),
    bookings: bookings.map((b): HeldBooking => ({
      id: b.id,
      department_id: b.department_id,
      member_id: b.member_id,
      starts_at: b.starts_at,
      ends_at: b.ends_at,
    })),
    duration_minutes: duration,
    selected_member_id: q.selected_member_id ?? null,
  };
}

/**
 * `readAvailabilityInput` with the department's services it read on the way, so a create reads
 * the department once. With `lock` (the capacity guard, in the append's transaction) the
 * statement also takes these advisory locks, in the array's order, before it reads the day's
 * holidays and holding bookings in a snapshot of their own (booking_place_read,
 * migrations/20261128160000_booking_place_read.ts): it sees every booking committed by an
 * append that held one of them.
 *
 * A booking's day (`on`, or the guard's) is read in one statement: the business, the
 * department with its services, its members, and the holidays and holding bookings around the
 * day, whose bounds come from the zone seen last (a second statement when the zone read is
 * another). A range of days (the listing) is read in two rounds: a busy month's thousands of
 * bookings are read faster as rows, side by side, than built into JSON and parsed back.
 */
export async function readBookingPlace(
  db: ProjectionDb<Database>,
  tenantId: string,
  q: AvailabilityQuery,
  opts: PlaceOptions = {},
): Promise<BookingPlace | null> {
  const oneDay = !!opts.lock || !!q.on;
  const assumed = oneDay ? (zones.get(tenantId) ?? 'UTC') : null;
  const early = assumed ? { zone: assumed, ...datesIn(assumed, q) } : null;
  const head = await readHead(db, tenantId, q, early && { ...early, bounds: boundsOf(early.zone, early.from, early.to) }, opts.lock ?? []);
  const { department, members } = head;
  const business = businessOf(head);
  const day = 'day' in head ? head.day : null;
  await opts.beforeBookings?.();
  if (!business || !department) return null;
  const zone = business.time_zone;
  rememberZone(tenantId, zone);
  const dates = early && early.zone === zone ? early : { zone, ...datesIn(zone, q) };
  const [holidays, bookings] =
    day && early!.zone === zone
      ? [day.holidays, day.bookings]
      : await readHeld(
          db,
          tenantId,
          q,
          boundsOf(zone, dates.from, dates.to),
          members.map((m) => m.id),
          oneDay,
        );
  const input = toInput(q, { business, department, members }, { zone, from: dates.from, to: dates.to }, holidays, bookings);
  return { input, services: department.services ?? [], booking_confirmation: !!business.booking_confirmation };
}
