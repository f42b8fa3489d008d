import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { DateTime } from 'luxon';
import { dayRangeInZone, holidayDecider, holidayStream } from '@tabour/organisation';
import { invalid, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { Commands } from '../common/commands';
import { HolidayDto, HolidayQuery, HolidayStatusDto } from './dto';
import { OrganisationQueries } from './queries';

const isManager = (u: UserPrincipal) => u.role === 'ADMIN' || u.role === 'MANAGER';

/**
 * Holidays and absences. Whole days are the business's local days (its time zone), turned
 * into instants once, here, so a daylight-saving change never shifts a closure by an hour.
 */
@ApiTags('holidays')
@ApiBearerAuth()
@Controller('business/holiday')
export class HolidaysController {
  constructor(
    private readonly commands: Commands,
    private readonly queries: OrganisationQueries,
  ) {}

  @Get()
  async list(@CurrentUser() user: UserPrincipal, @Query() q: HolidayQuery) {
    const zone = await this.queries.timeZone(user.tenantId);
    // The days asked for are the business's local days.
    const from = q.from ? DateTime.fromISO(q.from, { zone }) : null;
    const to = q.to ? DateTime.fromISO(q.to, { zone }) : null;
    if (from && !from.isValid) throw invalid('from must be a date (YYYY-MM-DD)', { from: ['from must be a date (YYYY-MM-DD)'] });
    if (to && !to.isValid) throw invalid('to must be a date (YYYY-MM-DD)', { to: ['to must be a date (YYYY-MM-DD)'] });
    if (from && to && to < from) throw invalid('from must be before to', { from: ['from must be before to'] });
    return this.queries.holidays(user.tenantId, pageRequest(q as Record<string, unknown>), {
      viewer: isManager(user) ? undefined : user.userId,
      from: from?.startOf('day').toJSDate(),
      to: to?.startOf('day').plus({ days: 1 }).toJSDate(),
      scope: q.scope,
      sort: q.sort,
      order: q.order,
    });
  }

  @Post('create')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(NoFilesInterceptor())
  async create(@CurrentUser() user: UserPrincipal, @Body() body: HolidayDto) {
    const zone = await this.queries.timeZone(user.tenantId);
    let period: { starts_at: string; ends_at: string } | null;
    const allDay = !body.starts_at && !body.ends_at;
    if (allDay) {
      period = dayRangeInZone(body.start_date!, body.end_date!, zone);
      if (!period) throw invalid('Enter a valid date (YYYY-MM-DD)', { start_date: ['Enter a valid date (YYYY-MM-DD)'] });
      if (body.end_date! < body.start_date!) throw invalid('The end must be after the start', { end_date: ['The end must be after the start'] });
    } else {
      if (!body.starts_at || !body.ends_at) throw invalid('Give both the start and the end', { ends_at: ['Give both the start and the end'] });
      period = { starts_at: body.starts_at, ends_at: body.ends_at };
    }
    const memberIds = (body.member_ids ?? []).map((m) => m.toLowerCase());
    const id = randomUUID();
    await this.commands.byUser(user, holidayDecider, holidayStream(id), {
      type: 'CreateHoliday',
      holiday_id: id,
      business_id: user.tenantId,
      actor: { user_id: user.userId, role: user.role },
      fields: { type: body.type, scope: body.scope, member_ids: memberIds, reason: body.reason ?? null, ...period, all_day: allDay },
      known_member_ids: await this.queries.memberIds(user.tenantId, memberIds),
    });
    return this.queries.holiday(user.tenantId, id);
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.queries.holiday(user.tenantId, id);
  }

  /** Approves or declines a member's request. */
  @Post(':id/status')
  @HttpCode(200)
  @Roles('ADMIN', 'MANAGER')
  async status(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: HolidayStatusDto) {
    await this.commands.byUser(user, holidayDecider, holidayStream(id), {
      type: 'SetHolidayStatus',
      holiday_id: id,
      business_id: user.tenantId,
      actor: { user_id: user.userId, role: user.role },
      status: body.status,
    });
    return this.queries.holiday(user.tenantId, id);
  }

  /** GET deletes here: the existing clients call it that way. */
  @Get(':id/delete')
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    await this.commands.byUser(user, holidayDecider, holidayStream(id), {
      type: 'DeleteHoliday',
      holiday_id: id,
      business_id: user.tenantId,
      actor: { user_id: user.userId, role: user.role },
    });
    return { id };
  }
}
