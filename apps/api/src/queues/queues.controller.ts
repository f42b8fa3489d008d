import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { invalid, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { actorOf } from '../common/actor';
import { ArchiveQueryDto, CreateQueueDto, DelayDto, ForServiceDto, ListQueryDto, QueueFieldsDto, ReorderServicesDto, SlotDto, TranslationsDto } from './dto';
import { QueueQueries } from './queries';
import { ClockedCommand, PlainCommand, QueuesService } from './queues.service';

/**
 * Queues and their views. Any staff member works a queue's waiting list; creating, changing
 * and deleting queues, and reading their archive, is for ADMIN and MANAGER (docs/product.md#back-office-screens).
 */
@ApiTags('queues')
@ApiBearerAuth()
@Controller('business')
export class QueuesController {
  constructor(
    private readonly queues: QueuesService,
    private readonly queries: QueueQueries,
  ) {}

  @Get('queue')
  list(@CurrentUser() user: UserPrincipal, @Query() q: ListQueryDto) {
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>), { q: q.q });
  }

  @Get('queue/summary')
  summary(@CurrentUser() user: UserPrincipal, @Query() q: ListQueryDto) {
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>), { q: q.q, summary: true });
  }

  @Post('queue/getforservice')
  @HttpCode(200)
  forService(@CurrentUser() user: UserPrincipal, @Body() body: ForServiceDto) {
    return this.queries.list(user.tenantId, { limit: null, offset: 0, page: 1 }, { serviceId: body.service_id.toLowerCase(), summary: true });
  }

  @Put('queue/create')
  @HttpCode(201)
  @Roles('ADMIN', 'MANAGER')
  async create(@CurrentUser() user: UserPrincipal, @Body() body: CreateQueueDto) {
    const { counters, ...fields } = body;
    const id = await this.queues.create(user.tenantId, actorOf(user), fields, counters);
    return this.queries.queue(user.tenantId, id);
  }

  @Get('queue/:id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.queue(user.tenantId, id);
  }

  @Post('queue/:id/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: QueueFieldsDto) {
    await this.queues.update(user.tenantId, id, actorOf(user), body);
    return this.queries.queue(user.tenantId, id);
  }

  @Delete('queue/:id/delete')
  @Roles('ADMIN', 'MANAGER')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.queues.run(user.tenantId, id, actorOf(user), { type: 'DeleteQueue' });
    return { message: 'Queue deleted', id };
  }

  @Get('queue/:id/translations')
  async translations(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const q = await this.queries.queue(user.tenantId, id);
    return { id, translations: q.translations ?? {} };
  }

  @Post('queue/:id/translations/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async updateTranslations(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: TranslationsDto) {
    await this.queues.update(user.tenantId, id, actorOf(user), { translations: body.translations });
    return this.translations(user, id);
  }

  /** The queue's own working days: when it takes tickets (null: the business's hours). */
  @Get('queue/:id/slot')
  async slot(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const q = await this.queries.queue(user.tenantId, id);
    return { id, working_days: q.working_days ?? null };
  }

  @Put('queue/:id/slot')
  @Roles('ADMIN', 'MANAGER')
  async setSlot(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: SlotDto) {
    await this.queues.update(user.tenantId, id, actorOf(user), { working_days: body.working_days });
    return this.slot(user, id);
  }

  /** The order customers see the queue's services in; the reorder screen is open to any staff. */
  @Post('queue/:id/services/reorder')
  @HttpCode(200)
  async reorderServices(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: ReorderServicesDto) {
    const state = await this.queues.live(user.tenantId, id);
    const given = body.service_ids.map((s) => s.toLowerCase());
    const current = state.settings!.service_ids;
    if (given.length !== current.length || new Set(given).size !== given.length || given.some((s) => !current.includes(s))) {
      throw invalidOrder();
    }
    await this.queues.update(user.tenantId, id, actorOf(user), { service_ids: given });
    return this.queries.queue(user.tenantId, id);
  }

  @Get('queue/:id/summary')
  async queueSummary(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    if (!(await this.queries.exists(user.tenantId, id))) return this.queries.queue(user.tenantId, id);
    return (await this.queries.summaries(user.tenantId, [id]))[id];
  }

  @Get('queue/:id/waitinglist')
  @Header('Content-Type', 'application/json; charset=utf-8')
  waitingList(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.waitingList(user.tenantId, id);
  }

  @Get('queue/:id/inservice')
  inService(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.byStatus(user.tenantId, id, 'in_service');
  }

  @Get('queue/:id/onhold')
  onHold(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.byStatus(user.tenantId, id, 'on_hold');
  }

  /** The archived waiting list: tickets that left the queue, newest first, filtered. */
  @Post('queue/:id/archive')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  archive(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: ArchiveQueryDto) {
    return this.queries.archive(user.tenantId, id, pageRequest(body as Record<string, unknown>), body);
  }

  @Post('queue/:id/pause')
  @HttpCode(200)
  async pause(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.runAll(user, id, { type: 'PauseQueue' });
  }

  /** Resumes a paused queue and clears any announced delay: service is back to normal. */
  @Post('queue/:id/resume')
  @HttpCode(200)
  async resume(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.runAll(user, id, { type: 'ResumeQueue' }, { type: 'DelayQueue', hours: 0, minutes: 0 });
  }

  @Post('queue/:id/delay')
  @HttpCode(200)
  async delay(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: DelayDto) {
    return this.runAll(user, id, { type: 'DelayQueue', hours: body.hours ?? 0, minutes: body.minutes ?? 0 });
  }

  /** The staff member's commands on the queue, one after the other; the answer is the queue as it then reads. */
  private async runAll(user: UserPrincipal, id: string, ...commands: (PlainCommand | ClockedCommand)[]) {
    for (const command of commands) await this.queues.run(user.tenantId, id, actorOf(user), command);
    return this.queries.queue(user.tenantId, id);
  }
}

function invalidOrder() {
  const message = 'Give every service of the queue once, in the new order';
  return invalid(message, { service_ids: [message] });
}
