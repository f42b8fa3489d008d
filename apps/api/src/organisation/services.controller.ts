import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { catalogDecider, catalogStream, ParentCheck, ServiceCommand, serviceDecider, ServiceFields, serviceStream, toSeconds } from '@tabour/organisation';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { paged, pageRequest } from '../common/paging';
import { Commands } from '../common/commands';
import { CreateServiceDto, CreateServicesDto, ListQuery, ServiceDto, ServiceListQuery, ServiceOrderDto } from './dto';
import { OrganisationQueries } from './queries';

/** Services: any staff reads them (tickets and bookings name them), ADMIN or MANAGER changes them. */
@ApiTags('services')
@ApiBearerAuth()
@Controller('business/service')
export class ServicesController {
  constructor(
    private readonly commands: Commands,
    private readonly queries: OrganisationQueries,
  ) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: ServiceListQuery) {
    return this.queries.services(user.tenantId, pageRequest(q as Record<string, unknown>), {
      q: q.q,
      parentId: q.parent_id?.toLowerCase(),
      sort: q.sort,
      order: q.order,
    });
  }

  /** The USSD menu order: every service of the business, in order. Answers the whole list. */
  @Post('ussd/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async reorder(@CurrentUser() user: UserPrincipal, @Body() body: ServiceOrderDto) {
    const existing = await this.queries.serviceIds(user.tenantId);
    await this.commands.byUser(user, catalogDecider, catalogStream(user.tenantId), {
      type: 'ReorderServices',
      business_id: user.tenantId,
      order: body.order.map((id) => id.toLowerCase()),
      existing,
    });
    return this.queries.services(user.tenantId, { limit: null, offset: 0, page: 1 });
  }

  @Post('filter/:keyword')
  @HttpCode(200)
  filter(@CurrentUser() user: UserPrincipal, @Param('keyword') keyword: string, @Query() q: ListQuery) {
    return this.queries.services(user.tenantId, pageRequest(q as Record<string, unknown>), { q: keyword.slice(0, 100), sort: q.sort, order: q.order });
  }

  @Put('create')
  @HttpCode(201)
  @Roles('ADMIN', 'MANAGER')
  async create(@CurrentUser() user: UserPrincipal, @Body() body: CreateServiceDto) {
    const command = await this.createCommand(user.tenantId, body);
    await this.commands.byUser(user, serviceDecider, serviceStream(command.service_id), command);
    return this.queries.service(user.tenantId, command.service_id);
  }

  /** Several services at once; all are checked before any is written. Answers them as a list. */
  @Put('create/multiple')
  @HttpCode(201)
  @Roles('ADMIN', 'MANAGER')
  async createMany(@CurrentUser() user: UserPrincipal, @Body() body: CreateServicesDto) {
    const commands = await Promise.all(body.services.map((s) => this.createCommand(user.tenantId, s)));
    commands.forEach((c) => serviceDecider.decide(c, serviceDecider.initialState()));
    for (const c of commands) {
      await this.commands.byUser(user, serviceDecider, serviceStream(c.service_id), c);
    }
    const rows = await Promise.all(commands.map((c) => this.queries.service(user.tenantId, c.service_id)));
    return paged(rows, rows.length, { limit: null, offset: 0, page: 1 });
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.service(user.tenantId, id);
  }

  @Post(':id/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: ServiceDto) {
    const fields: Partial<ServiceFields> = {};
    if (body.name !== undefined) fields.name = body.name;
    if (body.price !== undefined) fields.price = body.price;
    if (body.category !== undefined) fields.category = body.category;
    if (body.duration !== undefined) fields.duration_seconds = toSeconds(body.duration, body.duration_unit);
    let parent: ParentCheck | null | undefined;
    if (body.parent_id !== undefined) {
      fields.parent_id = body.parent_id?.toLowerCase() ?? null;
      parent = await this.parentCheck(user.tenantId, fields.parent_id);
    }
    await this.commands.byUser(user, serviceDecider, serviceStream(id), { type: 'UpdateService', service_id: id, business_id: user.tenantId, fields, parent });
    return this.queries.service(user.tenantId, id);
  }

  @Delete(':id/delete')
  @Roles('ADMIN', 'MANAGER')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const hasSubServices = await this.queries.hasSubServices(user.tenantId, id);
    await this.commands.byUser(user, serviceDecider, serviceStream(id), {
      type: 'DeleteService',
      service_id: id,
      business_id: user.tenantId,
      has_sub_services: hasSubServices,
    });
    return { id };
  }

  private async createCommand(tenantId: string, body: CreateServiceDto): Promise<Extract<ServiceCommand, { type: 'CreateService' }>> {
    const parentId = body.parent_id?.toLowerCase() ?? null;
    return {
      type: 'CreateService',
      service_id: randomUUID(),
      business_id: tenantId,
      fields: {
        name: body.name,
        price: body.price,
        duration_seconds: toSeconds(body.duration, body.duration_unit),
        category: body.category ?? null,
        parent_id: parentId,
      },
      parent: await this.parentCheck(tenantId, parentId),
    };
  }

  /** The parent as found in this business (null when absent, which the decision refuses). */
  private async parentCheck(tenantId: string, parentId: string | null): Promise<ParentCheck | null> {
    if (!parentId) return null;
    const chain = await this.queries.ancestry(tenantId, parentId);
    return chain ? { id: parentId, ancestors: chain } : null;
  }
}
