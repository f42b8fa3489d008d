import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DepartmentFields, departmentDecider, departmentStream, toSeconds } from '@tabour/organisation';
import { invalid, notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { Commands } from '../common/commands';
import { CreateDepartmentDto, DepartmentDto, ListQuery, ServiceDepartmentQuery, TranslationsDto } from './dto';
import { OrganisationQueries } from './queries';

/** Departments: any staff reads them (bookings and queues pick one), ADMIN or MANAGER changes them. */
@ApiTags('departments')
@ApiBearerAuth()
@Controller('business')
export class DepartmentsController {
  constructor(
    private readonly commands: Commands,
    private readonly queries: OrganisationQueries,
  ) {}

  @Get('department')
  list(@CurrentUser() user: UserPrincipal, @Query() q: ListQuery) {
    return this.queries.departments(user.tenantId, pageRequest(q as Record<string, unknown>), { q: q.q, sort: q.sort, order: q.order });
  }

  @Put('department/create')
  @HttpCode(201)
  @Roles('ADMIN', 'MANAGER')
  async create(@CurrentUser() user: UserPrincipal, @Body() body: CreateDepartmentDto) {
    const id = randomUUID();
    const { translations, ...fields } = await this.fields(user.tenantId, body);
    await this.commands.byUser(user, departmentDecider, departmentStream(id), {
      type: 'CreateDepartment',
      department_id: id,
      business_id: user.tenantId,
      fields,
      translations,
    });
    return this.queries.department(user.tenantId, id);
  }

  @Get('department/:id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.department(user.tenantId, id);
  }

  @Get('department/:id/services')
  async services(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const d = await this.queries.department(user.tenantId, id);
    return { data: d.services, total: d.services.length, page: 1, per_page: null, last_page: 1 };
  }

  @Post('department/:id/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: DepartmentDto) {
    const { translations, ...fields } = await this.fields(user.tenantId, body);
    await this.commands.byUser(user, departmentDecider, departmentStream(id), {
      type: 'UpdateDepartment',
      department_id: id,
      business_id: user.tenantId,
      fields,
      translations,
    });
    return this.queries.department(user.tenantId, id);
  }

  @Post('department/:id/translations/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async translations(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: TranslationsDto) {
    await this.commands.byUser(user, departmentDecider, departmentStream(id), {
      type: 'UpdateDepartmentTranslations',
      department_id: id,
      business_id: user.tenantId,
      translations: body.translations,
    });
    return this.queries.department(user.tenantId, id);
  }

  @Delete('department/:id/delete')
  @Roles('ADMIN', 'MANAGER')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.commands.byUser(user, departmentDecider, departmentStream(id), { type: 'DeleteDepartment', department_id: id, business_id: user.tenantId });
    return { id };
  }

  /** A service's duration in a department: the department's own, else the service's. */
  @Get('serviceDepartment/:id')
  async serviceDuration(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Query() q: ServiceDepartmentQuery) {
    const d = await this.queries.department(user.tenantId, id);
    const rows = d.services.map((s) => ({
      department_id: id,
      service_id: s.id,
      name: s.name,
      duration_seconds: s.duration_seconds,
      duration: s.duration,
      own_duration: s.own_duration_seconds !== null,
    }));
    if (!q.service_id) return { data: rows, total: rows.length, page: 1, per_page: null, last_page: 1 };
    const wanted = q.service_id.toLowerCase();
    const row = rows.find((r) => r.service_id === wanted);
    if (!row) throw notFound();
    return row;
  }

  /** The command's fields, with the listed services checked against this business's own. */
  private async fields(tenantId: string, body: DepartmentDto) {
    const ids = body.service_ids?.map((s) => s.toLowerCase());
    if (ids?.length) {
      const found = await this.queries.existingServiceIds(tenantId, ids);
      if (ids.some((s) => !found.has(s))) throw invalid('Select valid services', { service_ids: ['Select valid services'] });
    }
    const fields: Partial<DepartmentFields> & { translations?: DepartmentDto['translations'] } = {};
    for (const key of [
      'name',
      'primary_color',
      'secondary_color',
      'text_color',
      'slot_duration',
      'max_bookings_per_slot',
      'max_daily_bookings',
      'can_select_member',
      'must_select_member',
      'translations',
    ] as const) {
      if (body[key] !== undefined) (fields as Record<string, unknown>)[key] = body[key];
    }
    if (ids) fields.service_ids = ids;
    if (body.service_durations) {
      fields.service_durations = body.service_durations.map((d) => ({
        service_id: d.service_id.toLowerCase(),
        duration_seconds: d.duration !== undefined ? toSeconds(d.duration, d.unit) : d.duration_seconds!,
      }));
    }
    return fields;
  }
}
