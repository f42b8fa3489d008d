import { Body, Controller, Get, Headers, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { isLanguage, LEGAL_TEXT_MAX, type Language, type LegalKind, type LegalText, type ServerInstant } from '@tabour/contracts';
import { defaultLegalTextIn, legalDecider, legalStream, organisationDb } from '@tabour/organisation';
import { Db, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';

/** The default text's language: the caller's Content-Language (its first two letters), else English. */
const languageOf = (header: string | undefined): Language => {
  const code = header?.trim().slice(0, 2).toLowerCase();
  return isLanguage(code) ? code : 'en';
};

export class LegalTextDto {
  @ApiProperty() @IsString({ message: 'The text is required' }) @MaxLength(LEGAL_TEXT_MAX) content: string;
}

/**
 * The business's terms of service and privacy policy (docs/product.md#terms-and-policy: current,
 * default, add), under /business/terms/… and /business/policy/…. Every version is kept.
 */
@ApiTags('terms and policy')
@ApiBearerAuth()
@Controller('business')
export class LegalController {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  @Get('terms/current')
  termsCurrent(@CurrentUser() user: UserPrincipal, @Headers('content-language') lang?: string) {
    return this.current(user.tenantId, 'terms', languageOf(lang));
  }

  @Get('policy/current')
  policyCurrent(@CurrentUser() user: UserPrincipal, @Headers('content-language') lang?: string) {
    return this.current(user.tenantId, 'policy', languageOf(lang));
  }

  @Get('terms/default')
  termsDefault(@CurrentUser() user: UserPrincipal, @Headers('content-language') lang?: string) {
    return this.byDefault(user.tenantId, 'terms', languageOf(lang));
  }

  @Get('policy/default')
  policyDefault(@CurrentUser() user: UserPrincipal, @Headers('content-language') lang?: string) {
    return this.byDefault(user.tenantId, 'policy', languageOf(lang));
  }

  @Get('terms/versions')
  termsVersions(@CurrentUser() user: UserPrincipal) {
    return this.versions(user.tenantId, 'terms');
  }

  @Get('policy/versions')
  policyVersions(@CurrentUser() user: UserPrincipal) {
    return this.versions(user.tenantId, 'policy');
  }

  @Post('terms/add')
  @HttpCode(200)
  @Roles('ADMIN')
  termsAdd(@CurrentUser() user: UserPrincipal, @Body() body: LegalTextDto) {
    return this.add(user, 'terms', body.content);
  }

  @Post('policy/add')
  @HttpCode(200)
  @Roles('ADMIN')
  policyAdd(@CurrentUser() user: UserPrincipal, @Body() body: LegalTextDto) {
    return this.add(user, 'policy', body.content);
  }

  /** The version in force; the product's default (version 0) while the business has added none. */
  private async current(tenantId: string, kind: LegalKind, language: Language = 'en'): Promise<LegalText<ServerInstant>> {
    const row = await this.db
      .selectFrom('business_legal_texts')
      .select(['version', 'content', 'created_at', 'created_by'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', kind)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    return row ? { kind, ...row } : this.byDefault(tenantId, kind, language);
  }

  private async byDefault(tenantId: string, kind: LegalKind, language: Language): Promise<LegalText<ServerInstant>> {
    const b = await organisationDb(this.db).selectFrom('business_profiles').select(['name', 'email']).where('tenant_id', '=', tenantId).executeTakeFirst();
    return {
      kind,
      version: 0,
      content: defaultLegalTextIn(language, kind, { name: b?.name ?? '', email: b?.email ?? null }),
      created_at: null,
      created_by: null,
    };
  }

  /** Every version, newest first, so the screen can show what was in force before. */
  private async versions(tenantId: string, kind: LegalKind): Promise<{ data: LegalText<ServerInstant>[] }> {
    const rows = await this.db
      .selectFrom('business_legal_texts')
      .select(['version', 'content', 'created_at', 'created_by'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', kind)
      .orderBy('version', 'desc')
      .execute();
    return { data: rows.map((r) => ({ kind, ...r })) };
  }

  private async add(user: UserPrincipal, kind: LegalKind, content: string) {
    await this.commands.byUser(user, legalDecider, legalStream(kind, user.tenantId), { type: 'AddLegalText', business_id: user.tenantId, kind, content });
    return this.current(user.tenantId, kind);
  }
}
