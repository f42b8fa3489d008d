import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Availability, BookingChannel, BookingInput } from '@tabour/contracts';
import {
  availability,
  AvailabilityInputError,
  bookingDecider,
  bookingPersonalData,
  bookingStream,
  checkBookingSlot,
  checkSlot,
  formFieldErrors,
  readAvailabilityInput,
  readBookingPlace,
  type BookingPlace,
  type BookingCommand,
  type BookingContext,
  type BookingEvent,
} from '@tabour/bookings';
import { customerCard } from '@tabour/customers';
import { serviceNames } from '@tabour/organisation';
import type { Actor, NewEvent } from '@tabour/eventstore';
import { Db, DomainError, invalid, notFound, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { Commands } from '../common/commands';
import { DB } from '../common/tokens';
import { PersonalKeys } from '../common/personal-keys';
import { BookingQueries, createdBooking } from './queries';

/** How many times a booking whose member was picked for it tries another when that one was just taken. */
const MEMBER_PICKS = 3;

/** A staff member, or someone acting on the booking from outside (the customer answering an SMS) with their own actor. */
type Caller = Pick<UserPrincipal, 'tenantId' | 'userId' | 'name' | 'role'> | { tenantId: string; actor: Actor };

/**
 * The member a create naming none is given where the department books members: the first free
 * one at the asked slot, from the place the context step read (the capacity guard checks it
 * again under its locks), or the slot's refusal. Nothing when the input's slot cannot be read:
 * the decision refuses it first.
 */
function freeMember(place: BookingPlace | null, input: BookingInput, context: BookingContext): BookingContext['free_member'] {
  if (input.member_id || !context.bookable_member_ids.length || !place) return undefined;
  const slot = checkBookingSlot(input, context, {});
  if (!slot) return undefined;
  const check = checkSlot({ ...place.input, duration_minutes: slot.duration, selected_member_id: null }, slot.starts_at, null);
  return check.ok ? { member_id: check.member_id } : { refused: { message: check.message, code: `slot_${check.code}` } };
}

/**
 * Booking commands through the command gateway. What a decision needs from other contexts
 * (the department, its services and members, the customer) is read here and travels in the
 * command; capacity is judged again inside the append by the capacity guard (docs/bookings.md).
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly commands: Commands,
    @Inject(DB) private readonly db: Db,
    private readonly queries: BookingQueries,
    private readonly pii: PersonalKeys,
  ) {}

  /**
   * What a decision needs from the other contexts, read in one parallel round: the department's
   * place on the booking's local day with the business's zone and confirmation rule (the same
   * read the capacity guard makes, so a create picks its member from it without a second read),
   * the services and customer named, and the booking form's check.
   */
  async context(
    tenantId: string,
    input: Partial<BookingInput>,
    departmentId: string,
    channel: BookingChannel | null,
    on: string | undefined,
  ): Promise<{ context: BookingContext; place: BookingPlace | null; customerName: string | null }> {
    const serviceIds = input.service_ids ?? [];
    // A create is held to the business's booking form (docs/bookings.md, "Forms"); an update only when it sends additional_data.
    const checksForm = channel !== null || input.additional_data !== undefined;
    const [place, known, customer, fields] = await Promise.all([
      readBookingPlace(this.db, tenantId, { department_id: departmentId, on, now: new Date() }),
      serviceNames(this.db, { tenantId, ids: serviceIds }),
      input.customer_id ? customerCard(this.db, tenantId, input.customer_id) : null,
      checksForm
        ? this.db
            .selectFrom('booking_form_fields')
            .select(['id', 'type', 'options', 'required'])
            .where('tenant_id', '=', tenantId)
            .where('flow', '=', 'booking')
            .execute()
        : null,
    ]);
    const department = place?.input.department;
    const context: BookingContext = {
      // Without the department the decision refuses the booking: the zone is not read then.
      time_zone: place?.input.time_zone ?? 'UTC',
      department: department
        ? {
            id: department.id,
            slot_duration: department.slot_duration,
            must_select_member: department.must_select_member,
            services: place.services.map((s) => ({ id: s.id, duration_seconds: s.seconds })),
          }
        : null,
      business_service_ids: known.map((s) => s.id),
      bookable_member_ids: place?.input.members.map((m) => m.id) ?? [],
      customer_known: !input.customer_id || !!customer,
      // Staff book straight into the book; online bookings wait while the business confirms them.
      needs_confirmation: channel !== null && channel !== 'staff' && channel !== 'import' && !!place?.booking_confirmation,
      additional_data_errors: fields ? formFieldErrors(fields, input.additional_data) : {},
    };
    return { context, place, customerName: customer?.name ?? null };
  }

  private run(by: Caller, id: string, command: BookingCommand, fresh = false, seal = this.pii.sealer<BookingEvent>(bookingPersonalData, by.tenantId)) {
    return this.commands.run(bookingDecider, bookingStream(id), command, {
      tenantId: by.tenantId,
      actor: 'actor' in by ? by.actor : actorOf(by as UserPrincipal),
      fresh,
      seal,
      open: this.pii.opener<BookingEvent>(bookingPersonalData),
    });
  }

  /**
   * A new booking. Where the department books members and none was named, the first free one
   * of the slot is given it; should another booking take that member meanwhile, the next is tried.
   */
  async create(by: Caller, input: BookingInput, channel: BookingChannel = 'staff', opts: { id?: string; approved?: boolean } = {}) {
    // An approved booking request gives its own id (one request, at most one booking) and is confirmed.
    const id = opts.id ?? randomUUID();
    // An id made here has no data key yet: its key is stored with the booking's first event.
    // A request's id has the request's key, which the booking shares.
    const sealer = opts.id ? null : this.pii.newSubjectSealer<BookingEvent>(bookingPersonalData, by.tenantId, id);
    try {
      return await this.place(by, id, input, channel, opts, sealer?.seal);
    } finally {
      sealer?.release();
    }
  }

  private async place(
    by: Caller,
    id: string,
    input: BookingInput,
    channel: BookingChannel,
    opts: { approved?: boolean },
    seal: ((e: BookingEvent) => Promise<NewEvent>) | undefined,
  ) {
    for (let attempt = 0; ; attempt++) {
      const read = await this.context(by.tenantId, input, input.department_id, channel, input.starts_at);
      const context = { ...read.context, ...(opts.approved ? { needs_confirmation: false } : {}) };
      // The place is read once, here: the member is picked from it and travels in the command, so the booking is decided once.
      const free = freeMember(read.place, input, context);
      const command: BookingCommand = {
        type: 'CreateBooking',
        booking_id: id,
        business_id: by.tenantId,
        channel,
        input,
        context: { ...context, free_member: free },
      };
      const picked = !!free && 'member_id' in free;
      try {
        const done = await this.run(by, id, command, true, seal);
        const [made] = done.events;
        // A create retried with an id already booked appends nothing: the book answers for it.
        if (made?.type !== 'BookingCreated' || !done.appended) return this.queries.one(by.tenantId, id);
        return createdBooking(made.data, done.appended.events[0].recordedAt, read.customerName);
      } catch (err) {
        if (picked && err instanceof DomainError && err.code === 'slot_member_busy' && attempt < MEMBER_PICKS) continue;
        throw err;
      }
    }
  }

  async update(by: Caller, id: string, input: Partial<BookingInput>) {
    const current = await this.queries.one(by.tenantId, id);
    // The services the booking keeps are checked again where it is going.
    const { context } = await this.context(
      by.tenantId,
      { ...input, service_ids: input.service_ids ?? current.service_ids },
      input.department_id ?? current.department_id,
      null,
      input.starts_at ?? new Date(current.starts_at).toISOString(),
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
