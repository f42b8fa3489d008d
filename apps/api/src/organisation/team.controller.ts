import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { checkWorkingDays, FieldErrors, MemberInput, throwIfAny } from '@tabour/organisation';
import { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { CreateTeamMemberDto, ListQuery, TeamMemberDto, WorkingDaysDto } from './dto';
import { OrganisationQueries } from './queries';
import { TeamService } from './team.service';
import { imageUpload, UploadedImage } from './uploads';

/**
 * Team members. Reads are open to any staff; changes need ADMIN or MANAGER (ADMIN for
 * administrators), except that members set their own hours.
 */
@ApiTags('team')
@ApiBearerAuth()
@Controller('business/team')
export class TeamController {
  constructor(
    private readonly team: TeamService,
    private readonly queries: OrganisationQueries,
  ) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: ListQuery) {
    return this.queries.team(user.tenantId, pageRequest(q as Record<string, unknown>), { q: q.q, sort: q.sort, order: q.order });
  }

  @Post('create')
  @Roles('ADMIN', 'MANAGER')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('photo', imageUpload))
  async create(@CurrentUser() user: UserPrincipal, @Body() body: CreateTeamMemberDto, @UploadedFile() file?: UploadedImage) {
    const id = await this.team.create(
      user,
      {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email ?? null,
        phone: body.phone ?? null,
        position: body.position,
        role: body.role ?? null,
        department_id: body.department_id ?? null,
        is_bookable: body.is_bookable ?? false,
        member_since: body.member_since ?? null,
        working_days: body.working_days ?? null,
      },
      file,
    );
    return this.queries.member(user.tenantId, id);
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.member(user.tenantId, id);
  }

  @Post(':id/update')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('photo', imageUpload))
  async update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: TeamMemberDto, @UploadedFile() file?: UploadedImage) {
    const fields: Partial<MemberInput> = {};
    for (const key of ['first_name', 'last_name', 'email', 'phone', 'position', 'role', 'department_id', 'is_bookable', 'member_since'] as const) {
      if (body[key] !== undefined) (fields as Record<string, unknown>)[key] = body[key];
    }
    // Both parts are checked before either is written.
    if (body.working_days) {
      const errors: FieldErrors = {};
      checkWorkingDays(body.working_days, errors);
      throwIfAny(errors);
    }
    await this.team.update(user, id, fields, file);
    if (body.working_days) await this.team.setWorkingDays(user, id, body.working_days);
    return this.queries.member(user.tenantId, id);
  }

  @Post(':id/workingdays/update')
  @HttpCode(200)
  async workingDays(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: WorkingDaysDto) {
    await this.team.setWorkingDays(user, id, body.working_days);
    return this.queries.member(user.tenantId, id);
  }

  @Delete(':id/delete')
  @Roles('ADMIN', 'MANAGER')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.team.remove(user, id);
    return { id };
  }
}
