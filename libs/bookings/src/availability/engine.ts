/**
 * The availability engine: free slots of one department (and optionally one member) over local
 * dates, and the same judgement for one requested start. Both go through `evaluate`, so a slot
 * the listing returns is exactly one `checkSlot` accepts (docs/bookings.md, "Availability").
 */
import type { DayAvailability, DayStatus, FreeSlot } from '@tabour/contracts';
import { buildContext, datesOf, type Context, type MemberContext, type MinuteRange } from './context';
import { DAY_STATUS_TEXTS, SLOT_REFUSAL_TEXTS } from './messages';
import { AvailabilityInputError, type AvailabilityInput, type AvailabilityResult, type SlotCheck, type SlotRefusal } from './types';
import { Sweep } from './intervals';
import { formatHHmm, isoInstant, type LocalDay } from './zone';

const MINUTE = 60_000;

/** One grid start of a date that fits the business's hours. */
interface Candidate {
  /** Wall minute since local midnight. */
  minute: number;
  start: number;
  end: number;
}

interface DayPlan {
  day: LocalDay;
  /** Set when the whole date is out before any slot is looked at. */
  status: 'past' | 'beyond_limit' | 'closed' | null;
  candidates: Candidate[];
  /** The department's bookings starting on this date. */
  booked: number;
  /** Each member's own hours of this date by `MemberContext.index`; null follows the business's (which every candidate fits). */
  memberHours: Array<readonly MinuteRange[] | null>;
  /** Each member's bookings swept through this date's candidates in order, by `MemberContext.index`. */
  memberBusy: Sweep[];
}

type Evaluation = { ok: true; remaining: number; member_ids: string[] } | { ok: false; refusal: SlotRefusal };

/** Does every instant of [start, end) fall, in local wall time, inside one of the ranges? */
function fits(ctx: Context, day: LocalDay, c: Candidate, ranges: readonly MinuteRange[]): boolean {
  // Most dates keep one offset all day: the wall clock then runs with the instants.
  if (day.offset !== null) return within(ranges, c.minute, ctx.durationMinutes);
  return ctx.zone.wallPieces(day, c.start, c.end).every(([from, length]) => within(ranges, from, length));
}

function within(ranges: readonly MinuteRange[], from: number, length: number): boolean {
  for (const [a, b] of ranges) if (a <= from && from + length <= b) return true;
  return false;
}

/** A date's status and grid of candidates; with `only`, the one candidate starting at that instant. */
function planDay(ctx: Context, date: string, only?: number): DayPlan {
  const day = ctx.zone.day(date);
  const plan: DayPlan = { day, status: null, candidates: [], booked: 0, memberHours: [], memberBusy: [] };
  const ranges = ctx.hours.get(day.weekday) ?? [];
  if (date < ctx.today) plan.status = 'past';
  else if (date > ctx.lastDate) plan.status = 'beyond_limit';
  else if (ranges.length === 0) plan.status = 'closed';
  if (plan.status) return plan;
  plan.booked = ctx.department.startingIn(day.start, day.end);
  // Looked up once a date, not once per member and slot.
  plan.memberHours = ctx.members.map((m) => (m.hours === null ? null : (m.hours.get(day.weekday) ?? [])));
  plan.memberBusy = ctx.members.map((m) => new Sweep(m.busy));
  if (!only) {
    for (const [from, to] of ranges) {
      // The grid restarts at each range's start, in wall-clock minutes.
      for (let minute = from; minute < to; minute += ctx.slotMinutes) {
        if (day.offset !== null && minute + ctx.durationMinutes > to) break;
        const c = candidate(ctx, day, minute);
        if (c) plan.candidates.push(c);
      }
    }
    return plan;
  }
  // One start asked: only the grid minute it names, judged as the loop above judges it.
  const minute = ctx.zone.wallPieces(day, only, only + 1)[0][0];
  const onGrid = ranges.some(([from, to]) => from <= minute && minute < to && (minute - from) % ctx.slotMinutes === 0);
  const c = onGrid ? candidate(ctx, day, minute) : null;
  if (c && c.start === only) plan.candidates.push(c);
  return plan;
}

/** The slot at a grid minute, if the clocks do not skip it and it fits the business's hours. */
function candidate(ctx: Context, day: LocalDay, minute: number): Candidate | null {
  const start = ctx.zone.instant(day, minute);
  if (start === null) return null;
  const c = { minute, start, end: start + ctx.durationMinutes * MINUTE };
  return fits(ctx, day, c, ctx.hours.get(day.weekday) ?? []) ? c : null;
}

type MemberState = 'free' | 'member_off' | 'member_holiday' | 'member_busy';

function memberState(ctx: Context, plan: DayPlan, m: MemberContext, c: Candidate): MemberState {
  const hours = plan.memberHours[m.index];
  if (hours !== null && !fits(ctx, plan.day, c, hours)) return 'member_off';
  if (m.holidays.overlapping(c.start, c.end) > 0) return 'member_holiday';
  if (plan.memberBusy[m.index].overlapping(c.start, c.end) > 0) return 'member_busy';
  return 'free';
}

/** The one judgement of one slot, shared by the listing and `checkSlot`. */
function evaluate(ctx: Context, plan: DayPlan, c: Candidate, member: string | null): Evaluation {
  if (c.start < ctx.now) return { ok: false, refusal: 'past' };
  if (c.start < ctx.earliest) return { ok: false, refusal: 'too_soon' };
  if (ctx.agency.overlapping(c.start, c.end) > 0) return { ok: false, refusal: 'holiday' };
  const dailyLeft = ctx.daily === null ? Infinity : ctx.daily - plan.booked;
  if (dailyLeft <= 0) return { ok: false, refusal: 'daily_limit' };
  let remaining = Math.min(ctx.capacity, dailyLeft);
  // A booking takes a place in every slot-length cell it covers: the tightest cell decides.
  const cell = ctx.slotMinutes * MINUTE;
  for (let at = c.start; at < c.end; at += cell) {
    remaining = Math.min(remaining, ctx.capacity - ctx.department.overlapping(at, Math.min(at + cell, c.end)));
  }
  if (remaining <= 0) return { ok: false, refusal: 'full' };
  if (ctx.members.length === 0) return { ok: true, remaining, member_ids: [] };

  // One pass over the members, no array per slot but the free ones' ids the answer carries.
  const asked = member === null ? ctx.members : [ctx.memberById.get(member) as MemberContext];
  const free: string[] = [];
  let allOff = true;
  let anyBusy = false;
  for (let i = 0; i < asked.length; i += 1) {
    const state = memberState(ctx, plan, asked[i], c);
    if (state === 'free') free.push(asked[i].id);
    else if (state === 'member_busy') anyBusy = true;
    if (state !== 'member_off') allOff = false;
  }
  if (free.length === 0) {
    if (allOff) return { ok: false, refusal: 'member_off' };
    if (!anyBusy) return { ok: false, refusal: 'member_holiday' };
    return { ok: false, refusal: 'member_busy' };
  }
  // A member serves one booking at a time: one place per free member.
  return { ok: true, remaining: Math.min(remaining, free.length), member_ids: free };
}

function freeSlot(c: Candidate, e: { remaining: number; member_ids: string[] }): FreeSlot {
  return {
    starts_at: isoInstant(c.start),
    ends_at: isoInstant(c.end),
    time: formatHHmm(c.minute),
    remaining: e.remaining,
    member_ids: e.member_ids,
  };
}

const REFUSAL_KIND: Record<SlotRefusal, DayStatus> = {
  past: 'past',
  too_soon: 'past',
  beyond_limit: 'beyond_limit',
  closed: 'closed',
  not_a_slot: 'full',
  holiday: 'holiday',
  member_holiday: 'holiday',
  member_off: 'closed',
  daily_limit: 'daily_limit',
  full: 'full',
  member_busy: 'full',
  member_required: 'full',
  member_unknown: 'closed',
};

/**
 * Why a date with candidates has no free slot: the passed part of today aside, a date all of
 * whose remaining slots fall on days off is `closed`, on holidays (or days off) `holiday`, and
 * any other `daily_limit` when the cap is reached, else `full`.
 */
function emptyDayStatus(refusals: SlotRefusal[]): DayStatus {
  const kinds = new Set(refusals.map((r) => REFUSAL_KIND[r]).filter((k) => k !== 'past'));
  if (refusals.length > 0 && kinds.size === 0) return 'past';
  if (kinds.size === 0) return 'full';
  if ([...kinds].every((k) => k === 'closed')) return 'closed';
  if ([...kinds].every((k) => k === 'closed' || k === 'holiday')) return 'holiday';
  if (kinds.has('daily_limit')) return 'daily_limit';
  return 'full';
}

function dayOf(ctx: Context, date: string, member: string | null): DayAvailability {
  const plan = planDay(ctx, date);
  if (plan.status) return { date, status: plan.status, slots: [] };
  const slots: FreeSlot[] = [];
  const refusals: SlotRefusal[] = [];
  for (const c of plan.candidates) {
    const e = evaluate(ctx, plan, c, member);
    if (e.ok) slots.push(freeSlot(c, e));
    else refusals.push(e.refusal);
  }
  return { date, status: slots.length > 0 ? 'open' : emptyDayStatus(refusals), slots };
}

/**
 * Free slots of `input.department` for every local date from `input.from` to `input.to`.
 * Throws `AvailabilityInputError` on input it cannot read (the API answers it with a 4xx).
 */
export function availability(input: AvailabilityInput): AvailabilityResult {
  const member = input.selected_member_id ?? null;
  const dates = datesOf(input.from, input.to);
  const ctx = buildContext(input, member);
  return {
    department_id: ctx.department_id,
    member_id: member,
    time_zone: ctx.zone.name,
    duration: ctx.durationMinutes,
    member_required: ctx.mustSelect && ctx.members.length > 0 && member === null,
    days: dates.map((date) => dayOf(ctx, date, member)),
  };
}

function refuse(code: SlotRefusal): SlotCheck {
  return { ok: false, code, message: SLOT_REFUSAL_TEXTS[code] };
}

/**
 * Can a booking start at `start` (an ISO instant) with `memberId` (or any free member)? The same
 * rules and counts as `availability`; `input.from`/`input.to` are not read, but `bookings` and
 * `holidays` must cover the start's local date. On success, `member_id` is the member the booking
 * is to hold. Throws `AvailabilityInputError` on input it cannot read.
 */
export function checkSlot(input: AvailabilityInput, start: string, memberId?: string | null): SlotCheck {
  const member = memberId ?? input.selected_member_id ?? null;
  const at = Date.parse(start);
  if (typeof start !== 'string' || Number.isNaN(at)) throw new AvailabilityInputError('starts_at', 'starts_at must be an ISO 8601 instant');
  const known = input.members.some((m) => m.id === member);
  if (member !== null && !known) return refuse('member_unknown');
  const ctx = buildContext(input, member);
  if (member === null && ctx.mustSelect && ctx.members.length > 0) return refuse('member_required');
  const plan = planDay(ctx, ctx.zone.dateOf(at), at);
  if (plan.status) return refuse(plan.status);
  const c = plan.candidates[0];
  if (!c) return refuse('not_a_slot');
  const e = evaluate(ctx, plan, c, member);
  if (!e.ok) return refuse(e.refusal);
  return { ok: true, ...freeSlot(c, e), member_id: member ?? e.member_ids[0] ?? null };
}

/** The English text of a day status (null for `open`). */
export function dayStatusText(status: DayStatus): string | null {
  return DAY_STATUS_TEXTS[status];
}
