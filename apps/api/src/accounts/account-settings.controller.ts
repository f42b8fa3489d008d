import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DEFAULT_ACCOUNT_SETTINGS, NOTICE_LANGUAGES, type AccountSettingsView, type Language, type ServerInstant } from '@tabour/contracts';
import { accountSettingsDecider, accountSettingsStream } from '@tabour/accounts';
import { Db, UserPrincipal } from '@tabour/platform';
import { actorOf } from '../common/actor';
import { CurrentUser, Roles } from '../common/auth';
import { NullableText } from '../common/dto-fields';
import { Commands } from '../common/commands';
import { DB } from '../common/tokens';

export class AccountSettingsDto {
  /** Checked as an address by the decider, so that an empty text may clear it. */
  @NullableText(190) contact_email?: string | null;
  @ApiPropertyOptional({ enum: NOTICE_LANGUAGES })
  @IsOptional()
  @IsIn(NOTICE_LANGUAGES as unknown as string[], { message: `Choose one of: ${NOTICE_LANGUAGES.join(', ')}` })
  notice_language?: Language;
}

/** The business account tab of /settings/general (docs/product.md#business-account): ADMIN only. */
@ApiTags('account settings')
@ApiBearerAuth()
@Roles('ADMIN')
@Controller('business/account')
export class AccountSettingsController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  @Get('setting')
  async get(@CurrentUser() user: UserPrincipal): Promise<AccountSettingsView<ServerInstant>> {
    const [account, settings] = await Promise.all([
      this.db
        .selectFrom('business_accounts as a')
        .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'a.owner_user_id').onRef('u.tenant_id', '=', 'a.tenant_id'))
        .select(['a.tenant_id', 'a.name', 'a.email', 'a.status', 'a.registered_at', 'u.first_name', 'u.last_name', 'u.email as owner_email'])
        .where('a.tenant_id', '=', user.tenantId)
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('business_account_settings').select(['contact_email', 'notice_language']).where('tenant_id', '=', user.tenantId).executeTakeFirst(),
    ]);
    return {
      ...DEFAULT_ACCOUNT_SETTINGS,
      ...(settings ? { contact_email: settings.contact_email, notice_language: settings.notice_language as Language } : {}),
      business_id: account.tenant_id,
      organization_id: account.tenant_id,
      name: account.name,
      registration_email: account.email,
      owner:
        account.first_name != null && account.owner_email != null
          ? { first_name: account.first_name, last_name: account.last_name ?? '', email: account.owner_email }
          : null,
      status: account.status,
      registered_at: account.registered_at,
    };
  }

  @Post('setting/update')
  @HttpCode(200)
  async update(@CurrentUser() user: UserPrincipal, @Body() body: AccountSettingsDto) {
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    await this.commands.run(
      accountSettingsDecider,
      accountSettingsStream(user.tenantId),
      { type: 'UpdateAccountSettings', business_id: user.tenantId, changes },
      { tenantId: user.tenantId, actor: actorOf(user) },
    );
    return this.get(user);
  }
}
