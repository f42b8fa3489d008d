import { DateTime } from 'luxon';
import { WEEKDAYS, type Rule, type RuleAppliesTo, type RuleFlow } from '@tabour/contracts';

/** What matching needs of a rule (the read model's row or the aggregate's state both fit). */
export type MatchableRule = Omit<Rule, 'created_at' | 'updated_at'>;

export interface MatchRequest {
  flow: RuleFlow;
  /** The instant the rule's dates and hours are read at: a booking's start, a queue join's arrival. */
  at: Date | string;
}

/** The customer as the business knows them, or null when the request names no customer record. */
export interface MatchCustomer {
  /** BASIC, VIP or BLACKLISTED (docs/product.md#customer-categories). */
  category: string;
  /** Whether they have had a booking or a ticket before this request. */
  has_history: boolean;
}

export interface MatchContext {
  /** The business's IANA time zone: dates and hours of rules are its local ones. */
  zone: string;
  customer: MatchCustomer | null;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The customer classes a request belongs to: `all` always; `new` without a record or a past visit. */
export function customerClasses(customer: MatchCustomer | null): RuleAppliesTo[] {
  const classes: RuleAppliesTo[] = ['all'];
  if (!customer || !customer.has_history) classes.push('new');
  const category = customer?.category?.toUpperCase();
  if (category === 'VIP') classes.push('vip');
  if (category === 'BLACKLISTED') classes.push('blacklisted');
  return classes;
}

/**
 * The rule that decides a request, or null when none does (the request then waits for staff).
 * The enabled rules are tried in position order; the first whose flow, customer class, date
 * range (local dates, inclusive) and working-day hours (local wall clock, start inclusive, end
 * exclusive) all match decides. Dates and hours are read in the business's zone, so a
 * daylight-saving day moves no rule by an hour.
 */
export function matchRule<R extends MatchableRule>(rules: readonly R[], request: MatchRequest, context: MatchContext): R | null {
  const instant = typeof request.at === 'string' ? DateTime.fromISO(request.at, { setZone: true }) : DateTime.fromJSDate(request.at);
  const local = instant.setZone(context.zone);
  if (!local.isValid) return null;
  const date = local.toISODate()!;
  const weekday = WEEKDAYS[local.weekday - 1];
  const minute = local.hour * 60 + local.minute;
  const classes = customerClasses(context.customer);
  const ordered = [...rules].filter((r) => r.enabled).sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  return (
    ordered.find((rule) => {
      if (rule.flow !== request.flow) return false;
      if (!classes.includes(rule.applies_to)) return false;
      if (rule.time_frame === 'custom' && (!rule.starts_on || !rule.ends_on || date < rule.starts_on || date > rule.ends_on)) return false;
      if (rule.working_days) {
        const day = rule.working_days.find((d) => d.day === weekday);
        if (!day?.open || !day.ranges.some((r) => minute >= minutes(r.from) && minute < minutes(r.to))) return false;
      }
      return true;
    }) ?? null
  );
}
