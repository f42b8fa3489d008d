import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Actor } from '@tabour/eventstore';
import type { BookingChannel, BookingInput, BookingRequest, BookingRequestHistoryEntry, Rule, RuleFlow } from '@tabour/contracts';
import {
  bookingDecider,
  bookingPersonalData,
  bookingRequestDecider,
  BookingRequestCommand,
  type BookingRequestEvent,
  bookingRequestStream,
  checkPending,
  matchCustomer,
  matchRule,
} from '@tabour/bookings';
import { customerCards, customerNameSql } from '@tabour/customers';
import { Db, DomainError, invalid, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../../common/actor';
import { selectPage } from '../../common/paged-select';
import { PageRequest } from '../../common/paging';
import { likePattern } from '../../common/like';
import { DB } from '../../common/tokens';
import { Commands } from '../../common/commands';
import { BookingsService } from '../bookings.service';
import { PersonalKeys } from '../../common/personal-keys';
import { RulesService } from '../rules/rules.service';
import { BusinessCalendar, BusinessDirectory } from '../../organisation/calendar';

type Caller = Pick<UserPrincipal, 'tenantId' | 'userId' | 'name' | 'role'>;

const CUSTOMER_NAME = customerNameSql('c');
const SYSTEM: Actor = { type: 'system', name: 'business-rules' };

export interface RequestFilter {
  status?: string;
  department_id?: string;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * Booking requests (docs/bookings.md, "Requests and rules"): an online booking that waits for a
 * decision. The business's rules decide it on arrival when one matches; staff decide the rest.
 * An approval makes the booking through the booking command with the request's id, so the
 * capacity guard judges it like any other booking and a retried approval makes no second one.
 */
@Injectable()
export class BookingRequestsService {
  private readonly log = new Logger('booking-requests');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
    private readonly rules: RulesService,
    private readonly bookings: BookingsService,
    private readonly pii: PersonalKeys,
    private readonly calendar: BusinessCalendar,
    private readonly businesses: BusinessDirectory,
  ) {}

  /**
   * A booking that waits for approval (an online booking while the business confirms bookings):
   * recorded, then matched against the rules. Answers the request as it stands after that.
   */
  async submit(tenantId: string, data: BookingInput, actor: Actor = SYSTEM): Promise<BookingRequest<Date>> {
    if (!data?.department_id || !data.starts_at || Number.isNaN(Date.parse(data.starts_at))) {
      throw invalid('Choose a department and a start', { starts_at: ['Choose a free slot'] });
    }
    const id = randomUUID();
    // The booking's own checks (department, services, member, customer, form fields) refuse a bad request now, with 422; the slot is judged when it is approved.
    const { context } = await this.bookings.context(tenantId, data, data.department_id, 'online', data.starts_at);
    bookingDecider.decide({ type: 'CreateBooking', booking_id: id, business_id: tenantId, channel: 'online', input: data, context }, { status: 'none' });
    const customerId = data.customer_id ?? null;
    await this.write({ type: 'RequestBooking', request_id: id, business_id: tenantId, flow: 'booking', data, customer_id: customerId }, actor);
    await this.applyRules(tenantId, id, data, customerId);
    return this.one(tenantId, id);
  }

  /** Whether online bookings wait for approval (the business's booking_confirmation). */
  async confirmsBookings(tenantId: string): Promise<boolean> {
    return !!(await this.businesses.profile(tenantId))?.booking_confirmation;
  }

  /** The rule that decides a request of this flow for this customer at this instant, if any. */
  async ruleFor(tenantId: string, flow: RuleFlow, at: Date | string, customerId: string | null): Promise<Rule<Date> | null> {
    const rules = await this.rules.forFlow(tenantId, flow);
    if (rules.length === 0) return null;
    const [zone, customer] = await Promise.all([this.calendar.zone(tenantId), matchCustomer(this.db, tenantId, customerId)]);
    return matchRule(rules, { flow, at }, { zone, customer });
  }

  private async applyRules(tenantId: string, id: string, data: BookingInput, customerId: string | null): Promise<void> {
    const rule = await this.ruleFor(tenantId, 'booking', data.starts_at, customerId);
    if (!rule) return;
    const by = { rule_id: rule.id, rule_name: rule.name, by: null };
    if (rule.action === 'decline') {
      await this.write({ type: 'DeclineBookingRequest', request_id: id, business_id: tenantId, ...by, reason: rule.name }, SYSTEM);
      return;
    }
    try {
      await this.makeBooking({ tenantId, userId: '', name: 'business rules', role: 'ADMIN' }, id, data);
    } catch (err) {
      // A slot taken meanwhile (409) or a form the booking refuses (422): staff decide it.
      if (err instanceof DomainError && err.status < 500) {
        this.log.log(`request ${id}: rule "${rule.name}" approved it but the booking was refused (${err.message}); it waits for staff`);
        return;
      }
      throw err;
    }
    await this.write({ type: 'ApproveBookingRequest', request_id: id, business_id: tenantId, ...by, booking_id: id, data }, SYSTEM);
  }

  /**
   * The approval's effect: the booking, made through the booking command with the request's
   * id (one request, at most one booking) and judged by the capacity guard in its append.
   */
  private makeBooking(by: Caller, requestId: string, data: BookingInput) {
    const channel: BookingChannel = data.is_online === false ? 'staff' : 'online';
    return this.bookings.create(by, data, channel, { id: requestId, approved: true });
  }

  async approve(user: UserPrincipal, id: string, changes: Partial<BookingInput> = {}): Promise<BookingRequest<Date>> {
    const { state } = await this.commands.load(bookingRequestDecider, bookingRequestStream(id), {
      open: this.pii.opener<BookingRequestEvent>(bookingPersonalData),
    });
    const pending = checkPending(state, user.tenantId);
    // A body's DTO declares every field: only those given change what was asked.
    const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const data = { ...pending.data, ...given } as BookingInput;
    await this.makeBooking(user, id, data);
    try {
      await this.write(
        { type: 'ApproveBookingRequest', request_id: id, business_id: user.tenantId, rule_id: null, rule_name: null, by: user.userId, booking_id: id, data },
        actorOf(user),
      );
    } catch (err) {
      // Declined meanwhile: the booking made for it goes again, so the book holds no place for a declined request.
      await this.bookings.remove(user, id).catch((e) => this.log.error(`booking ${id} of a declined request could not be removed: ${String(e)}`));
      throw err;
    }
    return this.one(user.tenantId, id);
  }

  async decline(user: UserPrincipal, id: string, reason: string | null): Promise<BookingRequest<Date>> {
    await this.write(
      { type: 'DeclineBookingRequest', request_id: id, business_id: user.tenantId, rule_id: null, rule_name: null, by: user.userId, reason },
      actorOf(user),
    );
    return this.one(user.tenantId, id);
  }

  async list(tenantId: string, page: PageRequest, filter: RequestFilter = {}) {
    // The dates asked for are the business's local days.
    const zone = filter.from || filter.to ? await this.calendar.zone(tenantId) : 'UTC';
    for (const field of ['from', 'to'] as const) {
      const date = filter[field];
      if (date && !DateTime.fromISO(date, { zone }).isValid)
        throw invalid(`${field} must be a date (YYYY-MM-DD)`, { [field]: [`${field} must be a date (YYYY-MM-DD)`] });
    }
    return selectPage(
      this.filtered(tenantId, filter, zone),
      (b) =>
        b
          .select(['r.id', 'r.flow', 'r.status', 'r.department_id', 'r.queue_id', 'r.customer_id', 'r.data', 'r.booking_id', 'r.decision', 'r.created_at'])
          .select(CUSTOMER_NAME.as('customer_name'))
          // Pending first, oldest first (the order they asked in); then the decided ones, latest first.
          .orderBy(sql`r.status = 'pending'`, 'desc')
          .orderBy(sql`CASE WHEN r.status = 'pending' THEN r.created_at END`, 'asc')
          .orderBy('r.updated_at', 'desc')
          .orderBy('r.id'),
      page,
      (r) => r as unknown as BookingRequest<Date>,
    );
  }

  /** One request, with its history: every event of its stream, the rule or staff member behind each decision. */
  async one(tenantId: string, id: string): Promise<BookingRequest<Date> & { history: BookingRequestHistoryEntry<Date>[] }> {
    const page = await this.list(tenantId, { limit: 1, offset: 0, page: 1 }, { id } as RequestFilter);
    const row = page.data[0];
    if (!row) throw notFound('Booking request not found');
    const events = await this.commands.readStream(bookingRequestStream(id));
    const history = events.map((e) => {
      const d = e.data as { rule_id?: string | null; rule_name?: string | null; by?: string | null; reason?: string | null };
      return {
        type: e.type as BookingRequestHistoryEntry['type'],
        at: e.recordedAt,
        rule_id: d.rule_id ?? null,
        rule_name: d.rule_name ?? null,
        by: d.by ?? null,
        reason: d.reason ?? null,
      };
    });
    return { ...row, history };
  }

  private filtered(tenantId: string, filter: RequestFilter & { id?: string }, zone: string) {
    let q = this.db
      .selectFrom('booking_requests as r')
      .leftJoin(customerCards(this.db).as('c'), (j) => j.onRef('c.id', '=', 'r.customer_id').onRef('c.tenant_id', '=', 'r.tenant_id'))
      .where('r.tenant_id', '=', tenantId);
    if (filter.id) q = q.where('r.id', '=', filter.id);
    if (filter.status) q = q.where('r.status', '=', filter.status);
    if (filter.department_id) q = q.where('r.department_id', '=', filter.department_id);
    const day = (date: string) => DateTime.fromISO(date, { zone }).startOf('day');
    if (filter.from) q = q.where('r.starts_at', '>=', day(filter.from).toJSDate());
    if (filter.to) q = q.where('r.starts_at', '<', day(filter.to).plus({ days: 1 }).toJSDate());
    if (filter.q) {
      const pattern = likePattern(filter.q);
      q = q.where((eb) =>
        eb.or([
          eb(sql`concat_ws(' ', c.first_name, c.last_name)`, 'ilike', pattern),
          eb('c.phone', 'ilike', pattern),
          eb(sql`r.data->>'remarks'`, 'ilike', pattern),
        ]),
      );
    }
    return q;
  }

  private write(command: BookingRequestCommand, actor: Actor) {
    return this.commands.run(bookingRequestDecider, bookingRequestStream(command.request_id), command, {
      tenantId: command.business_id,
      actor,
      seal: this.pii.sealer<BookingRequestEvent>(bookingPersonalData, command.business_id),
      open: this.pii.opener<BookingRequestEvent>(bookingPersonalData),
    });
  }
}
