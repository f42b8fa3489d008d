import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { actorOf } from '../common/actor';
import { CallDto, DamagedQueryDto, DurationDto, MemberDto, NoteDto, PushDto, RedirectDto, UrgentDto } from './dto';
import { liveTicket } from './present';
import { QueueQueries } from './queries';
import { QueuesService } from './queues.service';

/** A small positive integer from the path (a rank); anything else names no rank. */
const RankPipe = new ParseIntPipe({ exceptionFactory: () => notFound() });

/**
 * Ticket actions of the waiting-list screen. `:customer_id` in the inherited paths names the
 * ticket (the customer's place in the queue), as `:ticket_id` does in the others.
 */
@ApiTags('tickets')
@ApiBearerAuth()
@Controller('business')
export class TicketsController {
  constructor(
    private readonly queues: QueuesService,
    private readonly queries: QueueQueries,
  ) {}

  @Put('queue/:id/push')
  @HttpCode(201)
  async push(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: PushDto) {
    const { ticketId, outcome } = await this.queues.push(user.tenantId, id, actorOf(user), body);
    return (await this.queries.withNames(user.tenantId, [liveTicket(outcome.state, outcome.state.tickets.get(ticketId)!)]))[0];
  }

  /** Calls the head the counter may serve; the customer still at the counter is ended first. */
  @Post('queue/:queue_id/call')
  @HttpCode(200)
  async call(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) queueId: string, @Body() body: CallDto) {
    const counterId = body.counter_id.toLowerCase();
    const { events, state } = await this.queues.run(user.tenantId, queueId, actorOf(user), { type: 'CallNext', counter_id: counterId, member_id: user.userId });
    const called = events.find((e) => e.type === 'TicketCalled');
    const ended = events.find((e) => e.type === 'TicketEnded');
    const ticket = called
      ? (await this.queries.withNames(user.tenantId, [liveTicket(state, state.tickets.get((called.data as { ticket_id: string }).ticket_id)!)]))[0]
      : null;
    return {
      ticket,
      ended_ticket_id: ended ? (ended.data as { ticket_id: string }).ticket_id : null,
      waiting: state.waiting.length,
    };
  }

  @Post('queue/:queue_id/pushback/:ticket_id')
  @HttpCode(200)
  pushBack(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string) {
    return this.act(user, q, t, { type: 'PushBack', ticket_id: t });
  }

  @Post('queue/:queue_id/swap/:customer_1/:customer_2')
  @HttpCode(200)
  async swap(
    @CurrentUser() user: UserPrincipal,
    @Param('queue_id', IdPipe) q: string,
    @Param('customer_1', IdPipe) a: string,
    @Param('customer_2', IdPipe) b: string,
  ) {
    const { state } = await this.queues.run(user.tenantId, q, actorOf(user), { type: 'SwapTickets', ticket_1: a, ticket_2: b });
    return { data: [liveTicket(state, state.tickets.get(a)!), liveTicket(state, state.tickets.get(b)!)] };
  }

  /** `:old` is the rank the screen showed: a list that changed meanwhile is refused with 409. */
  @Post('queue/:queue_id/move/:ticket_id/:old/:new')
  @HttpCode(200)
  move(
    @CurrentUser() user: UserPrincipal,
    @Param('queue_id', IdPipe) q: string,
    @Param('ticket_id', IdPipe) t: string,
    @Param('old', RankPipe) from: number,
    @Param('new', RankPipe) to: number,
  ) {
    return this.act(user, q, t, { type: 'MoveTicket', ticket_id: t, from_rank: from, to_rank: to });
  }

  @Post('queue/:queue_id/redirect/:customer_id/:target_id')
  @HttpCode(200)
  async redirect(
    @CurrentUser() user: UserPrincipal,
    @Param('queue_id', IdPipe) q: string,
    @Param('customer_id', IdPipe) t: string,
    @Param('target_id', IdPipe) target: string,
    @Body() body: RedirectDto,
  ) {
    await this.queues.redirect(user.tenantId, q, t, target, body.keep_number ?? false, actorOf(user));
    const state = await this.queues.runner.state(target);
    return liveTicket(state, state.tickets.get(t)!);
  }

  @Post('queue/:queue_id/noshow/:customer_id')
  @HttpCode(200)
  noShow(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('customer_id', IdPipe) t: string) {
    return this.leave(user, q, t, { type: 'MarkNoShow', ticket_id: t });
  }

  @Post('queue/:queue_id/absent/:ticket_id')
  @HttpCode(200)
  absent(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string) {
    return this.leave(user, q, t, { type: 'MarkAbsent', ticket_id: t });
  }

  @Post('queue/:queue_id/end/:ticket_id')
  @HttpCode(200)
  end(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string) {
    return this.leave(user, q, t, { type: 'EndTicket', ticket_id: t });
  }

  @Delete('queue/:queue_id/revoke/:customer_id')
  revoke(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('customer_id', IdPipe) t: string) {
    return this.leave(user, q, t, { type: 'RevokeTicket', ticket_id: t, by: 'staff' });
  }

  /** Retrieves an archived ticket of today: back at the end of the waiting list. */
  @Post('queue/:queue_id/restore/:ticket_id')
  @HttpCode(200)
  async restore(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string) {
    await this.queues.restore(user.tenantId, q, t, actorOf(user));
    const state = await this.queues.runner.state(q);
    return liveTicket(state, state.tickets.get(t)!);
  }

  @Post('queue/:queue_id/urgent/:ticket_id')
  @HttpCode(200)
  async urgent(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string, @Body() body: UrgentDto) {
    const current = (await this.queues.live(user.tenantId, q)).tickets.get(t)!;
    if (!current) throw notFound('Ticket not found');
    return this.act(user, q, t, { type: 'SetUrgent', ticket_id: t, urgent: body.urgent ?? !current.urgent });
  }

  @Post('queue/:queue_id/ticket/:ticket_id/notes')
  @HttpCode(200)
  async note(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string, @Body() body: NoteDto) {
    if (body.note_type_id && !(await this.queries.noteTypeExists(user.tenantId, body.note_type_id.toLowerCase()))) {
      throw notFound('Note type not found');
    }
    await this.queues.run(user.tenantId, q, actorOf(user), {
      type: 'AddNote',
      ticket_id: t,
      note_type_id: body.note_type_id?.toLowerCase() ?? null,
      text: body.note,
      by: user.userId,
    });
    return this.queries.ticket(user.tenantId, q, t);
  }

  @Post('queue/:queue_id/member/update/:customer_id')
  @HttpCode(200)
  async member(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('customer_id', IdPipe) t: string, @Body() body: MemberDto) {
    const memberId = body.member_id?.toLowerCase() ?? null;
    await this.queues.checkMember(user.tenantId, memberId);
    return this.act(user, q, t, { type: 'ChangeMember', ticket_id: t, member_id: memberId });
  }

  /** The time the staff now expects to spend with the customer in service, in minutes. */
  @Post('queue/:queue_id/duration/:ticket_id')
  @HttpCode(200)
  duration(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string, @Body() body: DurationDto) {
    return this.act(user, q, t, { type: 'ChangeServiceTime', ticket_id: t, service_seconds: body.duration * 60 });
  }

  @Post('queue/:queue_id/hold/:ticket_id')
  @HttpCode(200)
  hold(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string) {
    return this.act(user, q, t, { type: 'HoldTicket', ticket_id: t });
  }

  @Post('queue/:queue_id/recall/:ticket_id')
  @HttpCode(200)
  recall(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string) {
    return this.act(user, q, t, { type: 'RecallTicket', ticket_id: t });
  }

  @Get('queue/:queue_id/ticket/:ticket_id')
  ticket(@CurrentUser() user: UserPrincipal, @Param('queue_id', IdPipe) q: string, @Param('ticket_id', IdPipe) t: string) {
    return this.queries.ticket(user.tenantId, q, t);
  }

  /** Tickets a past day left open, over the business or one queue. */
  @Post('queue/getDamagedtickets')
  @HttpCode(200)
  async damaged(@CurrentUser() user: UserPrincipal, @Body() body: DamagedQueryDto) {
    return this.queries.damaged(user.tenantId, await this.queues.today(user.tenantId), body.queue_id?.toLowerCase());
  }

  @Post('queue/fixAllDamagedTickets')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async fixAll(@CurrentUser() user: UserPrincipal, @Body() body: DamagedQueryDto) {
    const today = await this.queues.today(user.tenantId);
    const damaged = await this.queries.damaged(user.tenantId, today, body.queue_id?.toLowerCase());
    const queues = [...new Set(damaged.data.map((t) => t.queue_id))];
    let fixed = 0;
    for (const q of queues) fixed += (await this.queues.run(user.tenantId, q, actorOf(user), { type: 'CloseDay' })).events.length;
    return { fixed };
  }

  @Post('queue/ticket/:id/fixDamagedTickets')
  @HttpCode(200)
  async fixOne(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const t = await this.queries.ticketAnyQueue(user.tenantId, id);
    if (t.archived_at) return { fixed: 0, ticket: t };
    await this.queues.run(user.tenantId, t.queue_id, actorOf(user), { type: 'CloseDamagedTicket', ticket_id: id });
    return { fixed: 1, ticket: await this.queries.ticket(user.tenantId, t.queue_id, id) };
  }

  private async act(user: UserPrincipal, queueId: string, ticketId: string, command: Parameters<QueuesService['run']>[3]) {
    const { state } = await this.queues.run(user.tenantId, queueId, actorOf(user), command);
    const t = state.tickets.get(ticketId)!;
    if (!t) throw notFound('Ticket not found');
    return (await this.queries.withNames(user.tenantId, [liveTicket(state, t)]))[0];
  }

  /** Actions that take the ticket off the live list answer with its archived record. */
  private async leave(user: UserPrincipal, queueId: string, ticketId: string, command: Parameters<QueuesService['run']>[3]) {
    await this.queues.run(user.tenantId, queueId, actorOf(user), command);
    return this.queries.ticket(user.tenantId, queueId, ticketId);
  }
}
