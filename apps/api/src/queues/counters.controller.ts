import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { conflict, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { actorOf } from '../common/actor';
import { BreakDto, NewCounterDto, UpdateCounterDto } from './dto';
import { QueueQueries } from './queries';
import { QueuesService } from './queues.service';

/**
 * Counters of a queue. Any staff member opens and closes one (that is how they take their
 * place at it); ADMIN and MANAGER set them up.
 */
@ApiTags('counters')
@ApiBearerAuth()
@Controller('business')
export class CountersController {
  constructor(
    private readonly queues: QueuesService,
    private readonly queries: QueueQueries,
  ) {}

  @Get('counter')
  async ofBusiness(@CurrentUser() user: UserPrincipal) {
    const data = await this.queries.counters(user.tenantId);
    return { data, total: data.length };
  }

  /** The counter the caller holds open, if any: the waiting-list screen starts from it. */
  @Get('counter/mine')
  async mine(@CurrentUser() user: UserPrincipal) {
    return { counter: await this.queries.heldCounter(user.tenantId, user.userId) };
  }

  @Get('queue/:queue/counter')
  async ofQueue(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string) {
    if (!(await this.queries.exists(user.tenantId, queueId))) await this.queries.queue(user.tenantId, queueId);
    const data = await this.queries.counters(user.tenantId, queueId);
    return { data, total: data.length };
  }

  @Put('queue/:queue/counter/create')
  @HttpCode(201)
  @Roles('ADMIN', 'MANAGER')
  async create(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string, @Body() body: NewCounterDto) {
    const serviceIds = (body.service_ids ?? []).map((s) => s.toLowerCase());
    await this.queues.live(user.tenantId, queueId);
    await this.queues.checkServices(user.tenantId, serviceIds);
    const id = randomUUID();
    await this.queues.run(user.tenantId, queueId, actorOf(user), {
      type: 'CreateCounter',
      counter_id: id,
      name: body.name,
      break_minutes: body.break_minutes ?? 0,
      service_ids: serviceIds,
    });
    return this.queries.counter(user.tenantId, queueId, id);
  }

  @Get('queue/:queue/counter/:counter')
  one(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string, @Param('counter', IdPipe) id: string) {
    return this.queries.counter(user.tenantId, queueId, id);
  }

  @Post('queue/:queue/counter/:counter/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async update(
    @CurrentUser() user: UserPrincipal,
    @Param('queue', IdPipe) queueId: string,
    @Param('counter', IdPipe) id: string,
    @Body() body: UpdateCounterDto,
  ) {
    const changes = { ...body, ...(body.service_ids ? { service_ids: body.service_ids.map((s) => s.toLowerCase()) } : {}) };
    if (changes.service_ids) await this.queues.checkServices(user.tenantId, changes.service_ids);
    await this.queues.run(user.tenantId, queueId, actorOf(user), { type: 'UpdateCounter', counter_id: id, changes: strip(changes) });
    return this.queries.counter(user.tenantId, queueId, id);
  }

  @Get('queue/:queue/counter/:counter/break')
  async getBreak(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string, @Param('counter', IdPipe) id: string) {
    const c = await this.queries.counter(user.tenantId, queueId, id);
    return { id, break_minutes: c.break_minutes };
  }

  @Post('queue/:queue/counter/:counter/break')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async setBreak(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string, @Param('counter', IdPipe) id: string, @Body() body: BreakDto) {
    await this.queues.run(user.tenantId, queueId, actorOf(user), { type: 'UpdateCounter', counter_id: id, changes: { break_minutes: body.break_minutes } });
    return this.getBreak(user, queueId, id);
  }

  @Delete('queue/:queue/counter/:counter/delete')
  @Roles('ADMIN', 'MANAGER')
  async remove(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string, @Param('counter', IdPipe) id: string) {
    await this.queues.run(user.tenantId, queueId, actorOf(user), { type: 'DeleteCounter', counter_id: id });
    return { message: 'Counter deleted', id };
  }

  /** The caller takes the counter: refused when it is open, or when they hold another. */
  @Post('queue/:queue/counter/:counter/open')
  @HttpCode(200)
  async open(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string, @Param('counter', IdPipe) id: string) {
    await this.queues.run(user.tenantId, queueId, actorOf(user), { type: 'OpenCounter', counter_id: id, member_id: user.userId });
    return this.queries.counter(user.tenantId, queueId, id);
  }

  /** Closing with a customer at the counter sends that ticket back to the head of the waiting list. */
  @Post('queue/:queue/counter/:counter/close')
  @HttpCode(200)
  async close(@CurrentUser() user: UserPrincipal, @Param('queue', IdPipe) queueId: string, @Param('counter', IdPipe) id: string) {
    const counter = (await this.queues.live(user.tenantId, queueId)).counters[id];
    // An agent closes their own counter; ADMIN and MANAGER also close one left open by someone else.
    // 409, not 403: the screen must not take a refusal about a counter for a lost session.
    if (counter?.open && counter.held_by !== user.userId && user.role !== 'ADMIN' && user.role !== 'MANAGER')
      throw conflict('This counter is held by another member', 'counter_held');
    await this.queues.run(user.tenantId, queueId, actorOf(user), { type: 'CloseCounter', counter_id: id });
    return this.queries.counter(user.tenantId, queueId, id);
  }
}

function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
