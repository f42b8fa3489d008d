import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Availability, BookingChannel, BookingInput } from '@tabour/contracts';
import {
  availability,
  AvailabilityInputError,
  bookingDecider,
  bookingStream,
  checkSlot,
  formFieldErrors,
  readAvailabilityInput,
  type BookingCommand,
  type BookingContext,
  type BookingEvent,
} from '@tabour/bookings';
import { CommandHandler, PgEventStore } from '@tabour/eventstore';
import { conflict, Db, DomainError, invalid, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { DB, EVENT_STORE } from '../common/tokens';
import { BookingPiiKeys } from './pii-keys';
import { BookingQueries } from './queries';

/** How many times a booking whose member was picked for it tries another when that one was just taken. */
const MEMBER_PICKS = 3;

type Caller = Pick<UserPrincipal, 'tenantId' | 'userId' | 'name' | 'role'>;

/**
 * Booking commands through the one command handler. What a decision needs from other contexts
 * (the department, its services and members, the customer) is read here and travels in the
 * command; capacity is judged again inside the append by the capacity guard (docs/bookings.md).
 */
@Injectable()
export class BookingsService {
  private readonly handler: CommandHandler;

  constructor(
    @Inject(EVENT_STORE) store: PgEventStore,
    @Inject(DB) private readonly db: Db,
    private readonly queries: BookingQueries,
    private readonly pii: BookingPiiKeys,
  ) {
    this.handler = new CommandHandler(store);
  }

  async context(tenantId: string, input: Partial<BookingInput>, departmentId: string, channel: BookingChannel | null): Promise<BookingContext> {
    const serviceIds = input.service_ids ?? [];
    const [business, department, services, members, customer] = await Promise.all([
      this.db.selectFrom('business_profiles').select(['time_zone', 'booking_confirmation']).where('tenant_id', '=', tenantId).executeTakeFirst(),
      this.db
        .selectFrom('departments')
        .select(['id', 'slot_duration', 'must_select_member'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', departmentId)
        .executeTakeFirst(),
      this.db
        .selectFrom('department_services as ds')
        .innerJoin('services as s', 's.id', 'ds.service_id')
        .select(['s.id', 's.duration_seconds', 'ds.duration_seconds as own_seconds'])
        .where('ds.tenant_id', '=', tenantId)
        .where('ds.department_id', '=', departmentId)
        .execute(),
      this.db
        .selectFrom('team_members')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('is_bookable', '=', true)
        .where((eb) => eb.or([eb('department_id', '=', departmentId), eb('department_id', 'is', null)]))
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      input.customer_id
        ? this.db.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where('id', '=', input.customer_id).executeTakeFirst()
        : Promise.resolve(null),
    ]);
    const known = serviceIds.length
      ? await this.db.selectFrom('services').select('id').where('tenant_id', '=', tenantId).where('id', 'in', serviceIds).execute()
      : [];
    // A create is held to the business's booking form (docs/bookings.md, "Forms"); an update only when it sends additional_data.
    const formErrors =
      channel !== null || input.additional_data !== undefined
        ? formFieldErrors(
            await this.db
              .selectFrom('booking_form_fields')
              .select(['id', 'type', 'options', 'required'])
              .where('tenant_id', '=', tenantId)
              .where('flow', '=', 'booking')
              .execute(),
            input.additional_data,
          )
        : {};
    return {
      time_zone: business?.time_zone ?? 'UTC',
      department: department ? { ...department, services: services.map((s) => ({ id: s.id, duration_seconds: s.own_seconds ?? s.duration_seconds })) } : null,
      business_service_ids: known.map((s) => s.id),
      bookable_member_ids: members.map((m) => m.id),
      customer_known: !input.customer_id || !!customer,
      // Staff book straight into the book; online bookings wait while the business confirms them.
      needs_confirmation: channel !== null && channel !== 'staff' && channel !== 'import' && !!business?.booking_confirmation,
      additional_data_errors: formErrors,
    };
  }

  private run(by: Caller, id: string, command: BookingCommand, fresh = false) {
    return this.handler.handle(bookingDecider, bookingStream(id), command, {
      tenantId: by.tenantId,
      actor: actorOf(by as UserPrincipal),
      fresh,
      seal: this.pii.sealer<BookingEvent>(by.tenantId),
      open: this.pii.open<BookingEvent>,
    });
  }

  /**
   * A new booking. Where the department books members and none was named, the first free one
   * of the slot is given it; should another booking take that member meanwhile, the next is tried.
   */
  async create(by: Caller, input: BookingInput, channel: BookingChannel = 'staff', opts: { id?: string; approved?: boolean } = {}) {
    // An approved booking request gives its own id (one request, at most one booking) and is confirmed.
    const id = opts.id ?? randomUUID();
    for (let attempt = 0; ; attempt++) {
      const context = { ...(await this.context(by.tenantId, input, input.department_id, channel)), ...(opts.approved ? { needs_confirmation: false } : {}) };
      const command: BookingCommand = { type: 'CreateBooking', booking_id: id, business_id: by.tenantId, channel, input, context };
      // The form's refusals (422) come before the slot's (409).
      const [created] = bookingDecider.decide(command, { status: 'none' }) as Extract<BookingEvent, { type: 'BookingCreated' }>[];
      const picked = !created.data.member_id && context.bookable_member_ids.length > 0;
      const member = picked ? await this.pickMember(by.tenantId, created.data) : created.data.member_id;
      try {
        await this.run(by, id, { ...command, input: { ...input, member_id: member } }, true);
        return this.queries.one(by.tenantId, id);
      } catch (err) {
        if (picked && err instanceof DomainError && err.code === 'slot_member_busy' && attempt < MEMBER_PICKS) continue;
        throw err;
      }
    }
  }

  private async pickMember(tenantId: string, place: { department_id: string; date: string; starts_at: string; duration: number }): Promise<string | null> {
    const input = await readAvailabilityInput(this.db, tenantId, {
      department_id: place.department_id,
      from: place.date,
      to: place.date,
      now: new Date(),
      duration_minutes: place.duration,
    });
    if (!input) throw notFound();
    const check = checkSlot(input, place.starts_at, null);
    if (!check.ok) throw conflict(check.message, `slot_${check.code}`);
    return check.member_id;
  }

  async update(by: Caller, id: string, input: Partial<BookingInput>) {
    const current = await this.queries.one(by.tenantId, id);
    // The services the booking keeps are checked again where it is going.
    const context = await this.context(
      by.tenantId,
      { ...input, service_ids: input.service_ids ?? current.service_ids },
      input.department_id ?? current.department_id,
      null,
    );
    await this.run(by, id, { type: 'UpdateBooking', booking_id: id, business_id: by.tenantId, input, context });
    return this.queries.one(by.tenantId, id);
  }

  async cancel(by: Caller, id: string, reason: string | null) {
    await this.run(by, id, { type: 'CancelBooking', booking_id: id, business_id: by.tenantId, reason });
    return this.queries.one(by.tenantId, id);
  }

  async remove(by: Caller, id: string) {
    await this.run(by, id, { type: 'DeleteBooking', booking_id: id, business_id: by.tenantId });
    return { id };
  }

  /** Free slots of a department (and member) over local dates (by default the week from today), counted as the capacity guard counts. */
  async available(tenantId: string, q: { dep: string; selected_member?: string; from?: string; to?: string; service_ids?: string }): Promise<Availability> {
    const serviceIds = (q.service_ids ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const input = await readAvailabilityInput(this.db, tenantId, {
      department_id: q.dep,
      from: q.from,
      to: q.to,
      now: new Date(),
      service_ids: serviceIds,
      selected_member_id: q.selected_member || null,
    });
    if (!input) throw notFound();
    try {
      return availability(input);
    } catch (err) {
      if (err instanceof AvailabilityInputError) throw invalid(err.message, { [err.field]: [err.message] });
      throw err;
    }
  }
}
