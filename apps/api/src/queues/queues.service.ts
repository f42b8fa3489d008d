import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Actor } from '@tabour/eventstore';
import { conflict, invalid, notFound } from '@tabour/platform';
import { DEFAULT_SETTINGS, needsClock, QueueCommand, QueueSettings, QueueState } from '@tabour/queues';
import { CustomerQueries } from '../customers/queries';
import { OrganisationQueries } from '../organisation/queries';
import { QueueClock } from './clock';
import { Outcome, QueueRunner } from './runner';
import { QueueQueries } from './queries';

type Clocked<T> = T extends { at: string; day: string } ? Omit<T, 'at' | 'day' | 'queue_id' | 'business_id'> : never;
type Plain<T> = T extends { at: string } ? never : Omit<T, 'queue_id' | 'business_id'>;
export type ClockedCommand = Clocked<QueueCommand>;
export type PlainCommand = Plain<QueueCommand>;

/** A ticket's public link: 128 random bits, so a uid cannot be guessed or walked. */
export const newTicketUid = () => randomBytes(16).toString('base64url');

export interface PushInput {
  service_ids?: string[];
  member_id?: string | null;
  customer_id?: string | null;
  customer_name?: string | null;
  urgent?: boolean;
  /** Set by a booking's check-in (apps/api/src/bookings/checkin.service.ts), with its own ticket id. */
  booking_id?: string;
  ticket_id?: string;
}

/**
 * The queue commands as the HTTP calls issue them: checks that need other contexts (the
 * services, members and customers named belong to the business), the clock, then the
 * queue's runner.
 */
@Injectable()
export class QueuesService {
  constructor(
    readonly runner: QueueRunner,
    private readonly clock: QueueClock,
    private readonly queries: QueueQueries,
    private readonly organisation: OrganisationQueries,
    private readonly customers: CustomerQueries,
  ) {}

  async run(tenantId: string, queueId: string, actor: Actor, command: PlainCommand | ClockedCommand): Promise<Outcome> {
    const time = needsClock(command.type) ? await this.clock.now(tenantId) : {};
    return this.runner.submit({ ...command, ...time, queue_id: queueId, business_id: tenantId } as QueueCommand, actor);
  }

  async today(tenantId: string): Promise<string> {
    return (await this.clock.now(tenantId)).day;
  }

  async create(
    tenantId: string,
    actor: Actor,
    fields: Partial<QueueSettings> & { name: string },
    counters: { name: string; break_minutes?: number; service_ids?: string[] }[] = [],
  ): Promise<string> {
    await this.checkLinks(tenantId, fields);
    const id = randomUUID();
    const settings: QueueSettings = { ...DEFAULT_SETTINGS, ...stripUndefined(fields) } as QueueSettings;
    await this.run(tenantId, id, actor, { type: 'CreateQueue', settings });
    for (const c of counters) {
      await this.checkServices(tenantId, c.service_ids ?? []);
      await this.run(tenantId, id, actor, {
        type: 'CreateCounter',
        counter_id: randomUUID(),
        name: c.name,
        break_minutes: c.break_minutes ?? 0,
        service_ids: c.service_ids ?? [],
      });
    }
    return id;
  }

  async update(tenantId: string, queueId: string, actor: Actor, changes: Partial<QueueSettings>): Promise<void> {
    await this.checkLinks(tenantId, changes);
    await this.run(tenantId, queueId, actor, { type: 'UpdateQueue', changes: stripUndefined(changes) });
  }

  async push(tenantId: string, queueId: string, actor: Actor, input: PushInput): Promise<{ ticketId: string; outcome: Outcome }> {
    const state = await this.runner.state(queueId);
    if (state.status !== 'active' || state.business_id !== tenantId) throw notFound();
    const serviceIds = [...new Set((input.service_ids ?? []).map((s) => s.toLowerCase()))];
    await this.checkServices(tenantId, serviceIds);
    const offered = state.settings!.service_ids;
    if (offered.length && serviceIds.some((s) => !offered.includes(s)))
      throw invalid('This queue does not offer the selected service', { service_ids: ['This queue does not offer the selected service'] });
    if (input.member_id && !(await this.organisation.memberExists(tenantId, input.member_id)))
      throw invalid('Select a valid team member', { member_id: ['Select a valid team member'] });
    // A registered customer is named by id only (their name stays in their erasable record).
    const name = input.customer_id ? null : input.customer_name?.trim() || null;
    if (input.customer_id && !(await this.customers.exists(tenantId, input.customer_id)))
      throw invalid('Select a valid customer', { customer_id: ['Select a valid customer'] });
    const ticketId = input.ticket_id ?? randomUUID();
    const outcome = await this.run(tenantId, queueId, actor, {
      type: 'PushTicket',
      random: Math.random(),
      ticket: {
        ticket_id: ticketId,
        uid: newTicketUid(),
        service_ids: serviceIds,
        member_id: input.member_id ?? null,
        customer_id: input.customer_id ?? null,
        customer_name: name,
        urgent: !!input.urgent,
        ...(input.booking_id ? { booking_id: input.booking_id } : {}),
      },
    });
    return { ticketId, outcome };
  }

  /**
   * Redirect: the source gives the ticket up, then the target takes it. Both are checked on the
   * current states first; should the target still refuse (paused meanwhile), the ticket is
   * restored to the head of its source, so it is never in two queues and never lost.
   */
  async redirect(tenantId: string, queueId: string, ticketId: string, targetId: string, keepNumber: boolean, actor: Actor): Promise<void> {
    if (targetId === queueId) throw invalid('Select another queue', { target_id: ['Select another queue'] });
    const source = await this.live(tenantId, queueId);
    const target = await this.runner.state(targetId);
    if (target.status !== 'active' || target.business_id !== tenantId) throw notFound('The target queue was not found');
    if (target.paused) throw conflict('The target queue is paused', 'queue_paused');
    const ticket = source.tickets.get(ticketId)!;
    if (!ticket) throw notFound('Ticket not found');
    const out = await this.run(tenantId, queueId, actor, { type: 'RedirectOut', ticket_id: ticketId, to_queue_id: targetId });
    if (!out.events.length) return;
    try {
      await this.run(tenantId, targetId, actor, { type: 'RedirectIn', ticket, from_queue_id: queueId, keep_number: keepNumber, random: Math.random() });
    } catch (err) {
      const { status: _s, counter_id: _c, called_at: _a, ...rest } = ticket;
      await this.run(tenantId, queueId, { type: 'system', name: 'redirect' }, { type: 'RestoreTicket', ticket: rest });
      throw err;
    }
  }

  /** An archived ticket back at the end of its queue's waiting list. */
  async restore(tenantId: string, queueId: string, ticketId: string, actor: Actor): Promise<void> {
    const t = await this.queries.ticket(tenantId, queueId, ticketId);
    if (!t.archived_at) throw conflict('The ticket is already in the queue', 'ticket_live');
    const today = await this.today(tenantId);
    if (t.day !== today) throw invalid('Only a ticket of today can be restored', { id: ['Only a ticket of today can be restored'] });
    await this.run(tenantId, queueId, actor, {
      type: 'RestoreTicket',
      ticket: {
        id: t.id,
        uid: t.uid,
        number: t.number,
        label: t.label,
        day: t.day,
        urgent: t.urgent,
        service_ids: t.service_ids,
        member_id: t.member_id,
        customer_id: t.customer_id,
        customer_name: t.customer_name,
        checked_in_at: new Date(t.checked_in_at).toISOString(),
        service_seconds: null,
        late: t.late,
      },
    });
  }

  async live(tenantId: string, queueId: string): Promise<QueueState> {
    const state = await this.runner.state(queueId);
    if (state.status !== 'active' || state.business_id !== tenantId) throw notFound();
    return state;
  }

  async checkServices(tenantId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const known = await this.organisation.existingServiceIds(tenantId, ids);
    if (ids.some((s) => !known.has(s.toLowerCase()))) throw invalid('Select valid services', { service_ids: ['Select valid services'] });
  }

  async checkMember(tenantId: string, id: string | null | undefined, field = 'member_id'): Promise<void> {
    if (id && !(await this.organisation.memberExists(tenantId, id))) throw invalid('Select a valid team member', { [field]: ['Select a valid team member'] });
  }

  private async checkLinks(tenantId: string, f: Partial<QueueSettings>): Promise<void> {
    await this.checkServices(tenantId, f.service_ids ?? []);
    for (const d of f.department_ids ?? []) {
      if (!(await this.organisation.departmentExists(tenantId, d))) throw invalid('Select valid departments', { department_ids: ['Select valid departments'] });
    }
    const members = f.member_ids ?? [];
    if (members.length && (await this.organisation.memberIds(tenantId, members)).length !== new Set(members.map((m) => m.toLowerCase())).size) {
      throw invalid('Select valid team members', { member_ids: ['Select valid team members'] });
    }
  }
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
