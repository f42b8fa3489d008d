import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { bookingSettingsDecider, bookingSettingsStream } from '@tabour/bookings';
import { businessDecider, businessStream, BusinessRegisteredOrigin } from '@tabour/organisation';
import { UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { CurrentUser, Roles } from '../common/auth';
import { Commands } from '../common/commands';
import { WorkingDaysDto } from '../organisation/dto';
import { OrganisationQueries } from '../organisation/queries';
import { TeamService } from '../organisation/team.service';
import { BookingSettingsDto, MemberBookingDaysDto } from './dto';
import { BookingQueries } from './queries';

/**
 * Booking settings and booking hours. The days-ahead limit, the confirmation flag and the
 * booking hours are the business profile's (the business screen edits them too); the notice,
 * the no-show delay and several bookings per customer are the bookings context's own stream.
 */
@ApiTags('bookings')
@ApiBearerAuth()
@Controller('business')
export class BookingSettingsController {
  constructor(
    private readonly commands: Commands,
    private readonly organisation: OrganisationQueries,
    private readonly team: TeamService,
    private readonly queries: BookingQueries,
  ) {}

  private options(user: UserPrincipal) {
    return { tenantId: user.tenantId, actor: actorOf(user), origin: () => this.commands.registration<BusinessRegisteredOrigin>(user.tenantId) };
  }

  @Get('bookingSettings')
  settings(@CurrentUser() user: UserPrincipal) {
    return this.queries.settings(user.tenantId);
  }

  @Put('bookingSettings')
  @Roles('ADMIN')
  async update(@CurrentUser() user: UserPrincipal, @Body() body: BookingSettingsDto) {
    const { booking_days_limit, booking_confirmation, ...own } = body;
    const profile = Object.fromEntries(Object.entries({ booking_days_limit, booking_confirmation }).filter(([, v]) => v !== undefined));
    const ownCommand = { type: 'UpdateBookingSettings' as const, business_id: user.tenantId, changes: own };
    // Both parts are checked before either is written.
    await this.commands.check(bookingSettingsDecider, bookingSettingsStream(user.tenantId), ownCommand);
    if (Object.keys(profile).length) {
      await this.commands.run(
        businessDecider,
        businessStream(user.tenantId),
        { type: 'UpdateBusinessInformation', business_id: user.tenantId, changes: profile },
        this.options(user),
      );
    }
    await this.commands.run(bookingSettingsDecider, bookingSettingsStream(user.tenantId), ownCommand, { tenantId: user.tenantId, actor: actorOf(user) });
    return this.queries.settings(user.tenantId);
  }

  /** The business's booking hours: its working days, which the availability engine reads. */
  @Post('bookingdays/update')
  @HttpCode(200)
  @Roles('ADMIN')
  async bookingDays(@CurrentUser() user: UserPrincipal, @Body() body: WorkingDaysDto) {
    await this.commands.run(
      businessDecider,
      businessStream(user.tenantId),
      { type: 'UpdateBusinessWorkingDays', business_id: user.tenantId, working_days: body.working_days },
      this.options(user),
    );
    return { working_days: (await this.organisation.business(user.tenantId)).working_days };
  }

  /** A member's own booking hours; a member may set their own, ADMIN and MANAGER anyone's (the team rules decide). */
  @Post('member/bookingdays/update')
  @HttpCode(200)
  async memberBookingDays(@CurrentUser() user: UserPrincipal, @Body() body: MemberBookingDaysDto) {
    const id = body.member_id ?? user.userId;
    await this.team.setWorkingDays(user, id, body.working_days);
    return this.organisation.member(user.tenantId, id);
  }
}
