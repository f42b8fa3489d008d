import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { Actor } from '@tabour/eventstore';
import { matchCustomer, matchRule, rulesOfFlow } from '@tabour/bookings';
import { customerCardByPhone } from '@tabour/customers';
import { conflict, Db, DomainError, invalid, notFound, TooManyRequests, UserPrincipal } from '@tabour/platform';
import {
  checkApprovable,
  ONE_PENDING_REQUEST_PER_PHONE,
  phoneE164,
  QueueRequestCommand,
  queueRequestDecider,
  QueueRequestInput,
  queuePersonalData,
  queueRequestStream,
  QueueSettings,
} from '@tabour/queues';
import { refuseDeletedBusiness } from '../accounts/business-gone';
import { PageRequest } from '../common/paging';
import { selectPage } from '../common/paged-select';
import { RateLimits } from '../common/rate-limits';
import { PersonalKeys } from '../common/personal-keys';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';
import { BusinessCalendar, BusinessDirectory } from '../organisation/calendar';
import { actorOf } from '../common/actor';
import { newTicketUid, QueuesService } from './queues.service';

/** The answer to a second pending request of one phone in one queue, in the kiosk's wording (docs/product.md#queue-requests). */
export const ALREADY_WAITING = 'Could not join the requested queue, you may already be waiting in the queue!';

/** Remote joins one address may send in a window: a family or an office shares an address, a script does not stop at this. */
/** Requests one address may send (docs/queue-requests.md), counted across every API process. */
const PER_ADDRESS = { limit: 20, windowSeconds: 10 * 60 };

const REQUEST_COLUMNS = [
  'r.id',
  'r.queue_id',
  'r.status',
  'r.name',
  'r.phone',
  'r.service_ids',
  'r.member_id',
  'r.note',
  'r.decline_reason',
  'r.customer_id',
  'r.ticket_id',
  'r.ticket_uid',
  'r.ticket_label',
  'r.created_at',
  'r.updated_at',
  'r.decided_at',
] as const;

type Ids = { request_id: string; business_id: string; queue_id: string };

const isOnePendingViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' && (err as { constraint?: string }).constraint === ONE_PENDING_REQUEST_PER_PHONE;

/**
 * Queue requests: a customer's remote join waits here for staff. Approval pushes the ticket
 * through the queue's own push, then records it on the request (docs/queue-requests.md).
 */
@Injectable()
export class RequestsService {
  private readonly log = new Logger('queue-requests');
  /** Commands on one request run one after another in this process, so a double click pushes one ticket. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
    private readonly queues: QueuesService,
    private readonly limits: RateLimits,
    private readonly keys: PersonalKeys,
    private readonly calendar: BusinessCalendar,
    private readonly businesses: BusinessDirectory,
  ) {}

  // ---- public side ----

  async submit(
    queueId: string,
    input: Required<Pick<QueueRequestInput, 'name' | 'phone'>> & QueueRequestInput,
    address: string,
  ): Promise<{ uid: string; status: string }> {
    await this.throttle(address);
    const queue = await this.db.selectFrom('queues').select(['tenant_id', 'settings']).where('id', '=', queueId).executeTakeFirst();
    if (!queue) throw notFound('Queue not found');
    await refuseDeletedBusiness(this.db, queue.tenant_id);
    const tenantId = queue.tenant_id;
    const settings = queue.settings as unknown as QueueSettings;
    await this.checkServices(tenantId, settings, input.service_ids ?? []);
    if (input.member_id) {
      if (!settings.customer_chooses_member)
        throw invalid('This queue does not let customers choose a team member', { member_id: ['This queue does not let customers choose a team member'] });
      await this.queues.checkMember(tenantId, input.member_id);
    }
    const country = await this.country(tenantId);
    const phone = phoneE164(input.phone, country);
    if (phone && (await this.pendingWithPhone(tenantId, queueId, phone))) throw conflict(ALREADY_WAITING, 'already_waiting');
    const id = randomUUID();
    const uid = newTicketUid();
    await this.write(
      { request_id: id, business_id: tenantId, queue_id: queueId, type: 'SubmitQueueRequest', uid, country, input },
      { type: 'customer_link', id: uid },
    );
    return { uid, status: await this.applyRules(tenantId, queueId, id, phone) };
  }

  /**
   * The business's queue-flow rules decide a join on arrival when one matches (docs/bookings.md,
   * "Requests and rules"); the event's actor names the rule. A join the queue refuses stays
   * pending for staff. Answers the request's status afterwards.
   */
  private async applyRules(tenantId: string, queueId: string, id: string, phone: string | null): Promise<string> {
    const rules = await rulesOfFlow(this.db, tenantId, 'queue');
    if (rules.length === 0) return 'pending';
    const customerId = phone ? await this.customerByPhone(tenantId, phone) : null;
    const [zone, customer] = await Promise.all([this.calendar.zone(tenantId), matchCustomer(this.db, tenantId, customerId)]);
    const rule = matchRule(rules, { flow: 'queue', at: new Date() }, { zone, customer });
    if (!rule) return 'pending';
    const actor: Actor = { type: 'system', id: rule.id, name: `rule: ${rule.name}` };
    try {
      if (rule.action === 'approve') await this.approve({ tenantId }, queueId, id, actor);
      else await this.decline({ tenantId }, queueId, id, rule.name, actor);
    } catch (err) {
      if (!(err instanceof DomainError) || err.status >= 500) throw err;
      this.log.log(`request ${id}: rule "${rule.name}" could not decide it (${err.message}); it waits for staff`);
    }
    return (await this.one(tenantId, queueId, id)).status;
  }

  /** What the customer's request page shows: its status, the queue's name, and once approved the ticket's link and label. */
  async publicView(uid: string) {
    const r = await this.db
      .selectFrom('queue_requests as r')
      .leftJoin('queues as q', (j) => j.onRef('q.id', '=', 'r.queue_id').onRef('q.tenant_id', '=', 'r.tenant_id'))
      .select(['r.uid', 'r.tenant_id', 'r.status', 'r.ticket_uid', 'r.ticket_label', 'q.name as queue_name'])
      .where('r.uid', '=', uid)
      .executeTakeFirst();
    if (!r) throw notFound('This request link is not valid');
    await refuseDeletedBusiness(this.db, r.tenant_id);
    return {
      uid: r.uid,
      status: r.status,
      queue_name: r.queue_name ?? null,
      ticket: r.status === 'approved' && r.ticket_uid ? { uid: r.ticket_uid, label: r.ticket_label } : null,
    };
  }

  // ---- staff side ----

  async list(tenantId: string, queueId: string, page: PageRequest, status?: string) {
    await this.queueSettings(tenantId, queueId);
    // Pending first, oldest first (the order they asked in); then the decided ones, latest first.
    return selectPage(
      this.requests(tenantId, queueId, { status }),
      (b) =>
        this.withTicket(b)
          .orderBy(sql`r.status = 'pending'`, 'desc')
          .orderBy(sql`CASE WHEN r.status = 'pending' THEN r.created_at END`, 'asc')
          .orderBy('r.decided_at', 'desc')
          .orderBy('r.id'),
      page,
      view,
    );
  }

  async one(tenantId: string, queueId: string, id: string) {
    const row = await this.withTicket(this.requests(tenantId, queueId, { id })).executeTakeFirst();
    if (!row) throw notFound('Queue request not found');
    return view(row);
  }

  async update(user: UserPrincipal, queueId: string, id: string, changes: QueueRequestInput) {
    const tenantId = user.tenantId;
    return this.exclusive(id, async () => {
      await this.one(tenantId, queueId, id);
      if (changes.service_ids) await this.checkServices(tenantId, await this.queueSettings(tenantId, queueId), changes.service_ids);
      if (changes.member_id) await this.queues.checkMember(tenantId, changes.member_id);
      const country = changes.phone === undefined ? null : await this.country(tenantId);
      await this.write({ ...this.ids(user, queueId, id), type: 'UpdateQueueRequest', country, changes }, actorOf(user));
      return this.one(tenantId, queueId, id);
    });
  }

  /**
   * The ticket is pushed first, exactly as the waiting-list screen pushes one, and only then is
   * the approval recorded with it: a push the queue refuses (paused, the customer already
   * waiting, a service it no longer offers) leaves the request pending and answers why.
   */
  async approve(user: Pick<UserPrincipal, 'tenantId'>, queueId: string, id: string, actor: Actor = actorOf(user as UserPrincipal)) {
    const tenantId = user.tenantId;
    return this.exclusive(id, async () => {
      await this.one(tenantId, queueId, id);
      const ids = this.ids(user, queueId, id);
      const { state } = await this.commands.load(queueRequestDecider, queueRequestStream(id), { open: this.keys.opener(queuePersonalData) });
      const request = checkApprovable(state, ids);
      const customerId = await this.customerByPhone(tenantId, request.fields.phone);
      const { ticketId, outcome } = await this.queues.push(tenantId, queueId, actor, {
        service_ids: request.fields.service_ids,
        member_id: request.fields.member_id,
        customer_id: customerId,
        customer_name: request.fields.name,
      });
      const ticket = outcome.state.tickets.get(ticketId)!;
      try {
        await this.write(
          { ...ids, type: 'ApproveQueueRequest', ticket: { ticket_id: ticket.id, ticket_uid: ticket.uid, label: ticket.label, customer_id: customerId } },
          actor,
        );
      } catch (err) {
        // Another process decided the request meanwhile: the ticket it was pushed for goes again,
        // so no one waits in the queue on a request that says otherwise.
        await this.queues
          .run(tenantId, queueId, { type: 'system', name: 'queue-request' }, { type: 'RevokeTicket', ticket_id: ticketId, by: 'system' })
          .catch((e) => this.log.error(`ticket ${ticketId} of request ${id} could not be taken back: ${String(e)}`));
        throw err;
      }
      const rank = outcome.state.waiting.indexOf(ticketId) + 1;
      const answer = await this.one(tenantId, queueId, id);
      return { ...answer, ticket: { id: ticket.id, uid: ticket.uid, label: ticket.label, rank: rank || null } };
    });
  }

  async decline(user: Pick<UserPrincipal, 'tenantId'>, queueId: string, id: string, reason: string | null, actor: Actor = actorOf(user as UserPrincipal)) {
    return this.exclusive(id, async () => {
      await this.one(user.tenantId, queueId, id);
      await this.write({ ...this.ids(user, queueId, id), type: 'DeclineQueueRequest', reason }, actor);
      return this.one(user.tenantId, queueId, id);
    });
  }

  async remove(user: UserPrincipal, queueId: string, id: string) {
    return this.exclusive(id, async () => {
      await this.one(user.tenantId, queueId, id);
      await this.write({ ...this.ids(user, queueId, id), type: 'DeleteQueueRequest' }, actorOf(user));
      return { message: 'Queue request deleted', id };
    });
  }

  // ---- helpers ----

  private ids(user: Pick<UserPrincipal, 'tenantId'>, queueId: string, id: string): Ids {
    return { request_id: id, business_id: user.tenantId, queue_id: queueId };
  }

  private async write(command: QueueRequestCommand, actor: Actor): Promise<void> {
    try {
      // The name, phone and note go into the log sealed with the request's key (docs/queues.md).
      await this.commands.run(queueRequestDecider, queueRequestStream(command.request_id), command, {
        tenantId: command.business_id,
        actor,
        open: this.keys.opener(queuePersonalData),
        seal: this.keys.sealer(queuePersonalData, command.business_id),
      });
    } catch (err) {
      if (isOnePendingViolation(err)) throw conflict(ALREADY_WAITING, 'already_waiting');
      throw err;
    }
  }

  private requests(tenantId: string, queueId: string, filter: { id?: string; status?: string }) {
    let q = this.db.selectFrom('queue_requests as r').where('r.tenant_id', '=', tenantId).where('r.queue_id', '=', queueId);
    if (filter.id) q = q.where('r.id', '=', filter.id);
    if (filter.status) q = q.where('r.status', '=', filter.status);
    return q;
  }

  /** The request with its ticket's current rank, while the ticket waits. */
  private withTicket(base: ReturnType<RequestsService['requests']>) {
    return base
      .leftJoin('queue_tickets as t', (j) => j.onRef('t.id', '=', 'r.ticket_id').onRef('t.tenant_id', '=', 'r.tenant_id'))
      .select(REQUEST_COLUMNS)
      .select(
        sql<number | null>`CASE WHEN t.status = 'waiting' THEN 1 + (SELECT count(*) FROM queue_tickets w
          WHERE w.tenant_id = t.tenant_id AND w.queue_id = t.queue_id AND w.status = 'waiting' AND w.place < t.place)::int END`.as('ticket_rank'),
      );
  }

  private async queueSettings(tenantId: string, queueId: string): Promise<QueueSettings> {
    const q = await this.db.selectFrom('queues').select('settings').where('tenant_id', '=', tenantId).where('id', '=', queueId).executeTakeFirst();
    if (!q) throw notFound();
    return q.settings as unknown as QueueSettings;
  }

  private async checkServices(tenantId: string, settings: QueueSettings, serviceIds: string[]): Promise<void> {
    const ids = serviceIds.map((s) => s.toLowerCase());
    const offered = settings.service_ids ?? [];
    if (offered.length && ids.some((s) => !offered.includes(s)))
      throw invalid('This queue does not offer the selected service', { service_ids: ['This queue does not offer the selected service'] });
    await this.queues.checkServices(tenantId, ids);
  }

  private async pendingWithPhone(tenantId: string, queueId: string, phone: string): Promise<boolean> {
    const r = await this.db
      .selectFrom('queue_requests')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('queue_id', '=', queueId)
      .where('phone', '=', phone)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return !!r;
  }

  /** The registered customer with this phone, if any: their ticket then names them by id. */
  private async customerByPhone(tenantId: string, phone: string): Promise<string | null> {
    return (await customerCardByPhone(this.db, tenantId, phone))?.id ?? null;
  }

  private async country(tenantId: string): Promise<string | null> {
    return (await this.businesses.profile(tenantId))?.country ?? null;
  }

  private async throttle(address: string): Promise<void> {
    const verdict = await this.limits.hit('queue-request', address, PER_ADDRESS);
    if (!verdict.allowed) {
      throw new TooManyRequests(
        'Too many requests to join a queue from this address: try again in a few minutes',
        'too_many_requests',
        verdict.retryAfterSeconds,
      );
    }
  }

  private exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(fn);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }
}

type Row = {
  id: string;
  queue_id: string;
  status: string;
  name: string;
  phone: string;
  service_ids: string[];
  member_id: string | null;
  note: string | null;
  decline_reason: string | null;
  customer_id: string | null;
  ticket_id: string | null;
  ticket_uid: string | null;
  ticket_label: string | null;
  ticket_rank: number | null;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
};

function view(r: Row) {
  const { ticket_id, ticket_uid, ticket_label, ticket_rank, ...rest } = r;
  return {
    ...rest,
    ticket: ticket_id ? { id: ticket_id, uid: ticket_uid, label: ticket_label, rank: ticket_rank === null ? null : Number(ticket_rank) } : null,
  };
}
