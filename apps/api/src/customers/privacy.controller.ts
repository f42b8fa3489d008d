import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { PrivacyView } from '@tabour/contracts';
import { DEFAULT_PRIVACY } from '@tabour/customers';
import { businessDecider, BusinessRegisteredOrigin, businessStream } from '@tabour/organisation';
import { Db, UserPrincipal } from '@tabour/platform';
import { AccountDeletionCheck } from '../accounts/account-deletion';
import { DeleteBusinessDto } from '../accounts/dto';
import { CurrentUser, Roles } from '../common/auth';
import { DB } from '../common/tokens';
import { StaffAccounts } from '../common/staff-accounts';
import { Commands } from '../common/commands';
import { BusinessDirectory } from '../organisation/calendar';
import { CustomerCommands } from './commands';
import { actorOf } from '../common/actor';
import { CustomersService } from './customers.service';
import { PrivacyDto, PublishDto } from './dto';

/** "Data and privacy" of the general settings: ADMIN only (the owner's decisions). */
@ApiTags('privacy')
@ApiBearerAuth()
@Roles('ADMIN')
@Controller('business')
export class PrivacyController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: CustomerCommands,
    private readonly customers: CustomersService,
    private readonly organisation: Commands,
    private readonly staff: StaffAccounts,
    private readonly deletion: AccountDeletionCheck,
    private readonly businesses: BusinessDirectory,
  ) {}

  private async settings(tenantId: string): Promise<PrivacyView<Date>> {
    const [row, profile, job] = await Promise.all([
      this.db.selectFrom('business_privacy').select('settings').where('tenant_id', '=', tenantId).executeTakeFirst(),
      this.businesses.profile(tenantId),
      this.db.selectFrom('scheduled_jobs').select(['next_run_at', 'last_run_at']).where('tenant_id', '=', tenantId).executeTakeFirst(),
    ]);
    return {
      ...DEFAULT_PRIVACY,
      ...(row?.settings ?? {}),
      published: profile?.published ?? false,
      next_history_deletion_at: job?.next_run_at ?? null,
      last_history_deletion_at: job?.last_run_at ?? null,
    };
  }

  @Get('privacy')
  get(@CurrentUser() user: UserPrincipal) {
    return this.settings(user.tenantId);
  }

  @Post('privacy/update')
  @HttpCode(200)
  async update(@CurrentUser() user: UserPrincipal, @Body() body: PrivacyDto) {
    await this.commands.privacy({ type: 'UpdatePrivacy', business_id: user.tenantId, changes: { ...body } }, { tenantId: user.tenantId, actor: actorOf(user) });
    return this.settings(user.tenantId);
  }

  /** Whether the business shows in the public listings: the organisation context's published flag. */
  @Post('publish/update')
  @HttpCode(200)
  async publish(@CurrentUser() user: UserPrincipal, @Body() body: PublishDto) {
    await this.organisation.run(
      businessDecider,
      businessStream(user.tenantId),
      { type: 'UpdateBusinessInformation', business_id: user.tenantId, changes: { published: body.published } },
      { tenantId: user.tenantId, actor: actorOf(user), origin: () => this.organisation.registration<BusinessRegisteredOrigin>(user.tenantId) },
    );
    return this.settings(user.tenantId);
  }

  /** Erases every customer's personal data (and, through BusinessHistoryDeleted, tells the other contexts). */
  @Delete('history/delete')
  async deleteHistory(@CurrentUser() user: UserPrincipal) {
    const actor = actorOf(user);
    const erased = await this.customers.eraseAll(user.tenantId, actor, 'history_deleted');
    await this.commands.privacy(
      { type: 'RecordHistoryDeleted', business_id: user.tenantId, customers_erased: erased, trigger: 'staff' },
      { tenantId: user.tenantId, actor },
    );
    return { customers_erased: erased };
  }

  /**
   * Deletes the account: every customer erased, then every login of the business removed
   * (which ends all their sessions, this one included, and frees their e-mails), and
   * BusinessAccountDeleted recorded for the other contexts. Only with the caller's password and
   * the business's name typed out (docs/accounts.md).
   */
  @Delete('delete')
  async deleteAccount(@CurrentUser() user: UserPrincipal, @Body() body: DeleteBusinessDto, @Req() req: Request) {
    await this.deletion.confirm(user, body, req.ip ?? '');
    const actor = actorOf(user);
    const erased = await this.customers.eraseAll(user.tenantId, actor, 'history_deleted');
    await this.commands.privacy({ type: 'RecordAccountDeleted', business_id: user.tenantId, customers_erased: erased }, { tenantId: user.tenantId, actor });
    const users = await this.db.selectFrom('users').select('id').where('tenant_id', '=', user.tenantId).execute();
    // The caller goes last, and as the system: a user may not remove themselves otherwise.
    const ordered = [...users.filter((u) => u.id !== user.userId), ...users.filter((u) => u.id === user.userId)];
    for (const u of ordered) await this.staff.removeLogin(user.tenantId, u.id, { type: 'system', name: `account deleted by ${user.name}` });
    return { deleted: true, customers_erased: erased, logins_removed: ordered.length };
  }
}
