import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { resourceDecider, resourceStream, type ResourceFields } from '@tabour/resources';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { Commands } from '../common/commands';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { OrganisationQueries } from '../organisation/queries';
import { CreateResourceDto, ResourceDto, ResourceListQuery } from './dto';
import { ResourcesQueries } from './queries';

/**
 * Rooms and equipment (docs/product.md#resources): any staff reads them (a booking names them),
 * ADMIN or MANAGER changes them.
 */
@ApiTags('resources')
@ApiBearerAuth()
@Controller('business/resource')
export class ResourcesController {
  constructor(
    private readonly commands: Commands,
    private readonly queries: ResourcesQueries,
    private readonly organisation: OrganisationQueries,
  ) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: ResourceListQuery) {
    return this.queries.list(user.tenantId, pageRequest(q as Record<string, unknown>), { q: q.q, kind: q.kind, sort: q.sort, order: q.order });
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.one(user.tenantId, id);
  }

  @Put('create')
  @HttpCode(201)
  @Roles('ADMIN', 'MANAGER')
  async create(@CurrentUser() user: UserPrincipal, @Body() body: CreateResourceDto) {
    const id = randomUUID();
    const fields = this.fields(body);
    await this.commands.byUser(
      user,
      resourceDecider,
      resourceStream(id),
      { type: 'CreateResource', resource_id: id, business_id: user.tenantId, fields, known_department_ids: await this.known(user.tenantId, fields) },
      { fresh: true },
    );
    return this.queries.one(user.tenantId, id);
  }

  @Post(':id/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: ResourceDto) {
    const fields = this.fields(body);
    await this.commands.byUser(user, resourceDecider, resourceStream(id), {
      type: 'UpdateResource',
      resource_id: id,
      business_id: user.tenantId,
      fields,
      known_department_ids: await this.known(user.tenantId, fields),
    });
    return this.queries.one(user.tenantId, id);
  }

  @Delete(':id/delete')
  @Roles('ADMIN', 'MANAGER')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.commands.byUser(user, resourceDecider, resourceStream(id), { type: 'DeleteResource', resource_id: id, business_id: user.tenantId });
    return { id };
  }

  private fields(body: ResourceDto): Partial<ResourceFields> {
    const fields: Partial<ResourceFields> = {};
    if (body.name !== undefined) fields.name = body.name;
    if (body.kind !== undefined) fields.kind = body.kind;
    if (body.capacity !== undefined) fields.capacity = body.capacity;
    if (body.active !== undefined) fields.active = body.active;
    if (body.department_ids !== undefined) fields.department_ids = body.department_ids.map((d) => d.toLowerCase());
    return fields;
  }

  private known(tenantId: string, fields: Partial<ResourceFields>) {
    return this.organisation.departmentIds(tenantId, fields.department_ids ?? []);
  }
}
