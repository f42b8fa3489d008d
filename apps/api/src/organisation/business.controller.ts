import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import countries from 'i18n-iso-countries';
import { BusinessCommand, BusinessInfo, businessDecider, BusinessRegisteredOrigin, businessStream, INDUSTRIES, LANGUAGES } from '@tabour/organisation';
import { AppConfig, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Public, Roles } from '../common/auth';
import { paged, pageRequest } from '../common/paging';
import { APP_CONFIG } from '../common/tokens';
import { Commands } from '../common/commands';
import { BusinessUpdateDto, LangQuery, LocationDto, TranslationsDto, WorkingDaysDto } from './dto';
import { OrganisationQueries } from './queries';
import { checkImage, imageUpload, storeImage, UploadedImage } from './uploads';

const all = { limit: null, offset: 0, page: 1 };

/** The language of names in an answer: `?lang=`, else Content-Language, else English. */
export function answerLanguage(lang: string | undefined, header: string | undefined): string {
  for (const candidate of [lang, header]) {
    const code = candidate?.trim().slice(0, 2).toLowerCase();
    if (code && (LANGUAGES as readonly string[]).includes(code)) return code;
  }
  return 'en';
}

/**
 * The business's own settings (ADMIN writes, any staff reads: every screen needs the time
 * zone and the opening hours) and the helper lists of the settings screens.
 */
@ApiTags('business')
@ApiBearerAuth()
@Controller('business')
export class BusinessController {
  constructor(
    private readonly commands: Commands,
    private readonly queries: OrganisationQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The settings stream continues the registration, which set the name, e-mail, phone and country. */
  private readonly origin = (user: UserPrincipal) => ({ origin: () => this.commands.registration<BusinessRegisteredOrigin>(user.tenantId) });

  /** A command on the business's own settings stream, by the signed-in staff member. */
  private settle(user: UserPrincipal, command: BusinessCommand) {
    return this.commands.byUser(user, businessDecider, businessStream(user.tenantId), command, this.origin(user));
  }

  @Get('info')
  info(@CurrentUser() user: UserPrincipal) {
    return this.queries.business(user.tenantId);
  }

  /** The same record under the name the settings screen uses. */
  @Get('settings')
  settings(@CurrentUser() user: UserPrincipal) {
    return this.queries.business(user.tenantId);
  }

  @Post('update')
  @HttpCode(200)
  @Roles('ADMIN')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(FileInterceptor('logo', imageUpload))
  async update(@CurrentUser() user: UserPrincipal, @Body() body: BusinessUpdateDto, @UploadedFile() file?: UploadedImage) {
    const ext = checkImage(file, 'logo');
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<BusinessInfo>;
    const stream = businessStream(user.tenantId);
    const command = { type: 'UpdateBusinessInformation' as const, business_id: user.tenantId, changes };
    // Validate before the file is written, so a refused form leaves nothing behind.
    await this.commands.check(businessDecider, stream, command, this.origin(user));
    const logo = file && ext ? await storeImage(this.config.dataDir, user.tenantId, file, ext) : undefined;
    await this.settle(user, { ...command, logo });
    return this.queries.business(user.tenantId);
  }

  @Post('location/update')
  @HttpCode(200)
  @Roles('ADMIN')
  async location(@CurrentUser() user: UserPrincipal, @Body() body: LocationDto) {
    await this.settle(user, { type: 'UpdateBusinessLocation', business_id: user.tenantId, lat: body.lat, lng: body.lng });
    return this.queries.business(user.tenantId);
  }

  @Post('workingdays/update')
  @HttpCode(200)
  @Roles('ADMIN')
  async workingDays(@CurrentUser() user: UserPrincipal, @Body() body: WorkingDaysDto) {
    await this.settle(user, { type: 'UpdateBusinessWorkingDays', business_id: user.tenantId, working_days: body.working_days });
    return this.queries.business(user.tenantId);
  }

  @Get('translations/business')
  async translations(@CurrentUser() user: UserPrincipal) {
    const b = await this.queries.business(user.tenantId);
    return { id: b.id, translations: b.translations };
  }

  @Post('translations/update')
  @HttpCode(200)
  @Roles('ADMIN')
  async updateTranslations(@CurrentUser() user: UserPrincipal, @Body() body: TranslationsDto) {
    await this.settle(user, { type: 'UpdateBusinessTranslations', business_id: user.tenantId, translations: body.translations });
    return this.translations(user);
  }

  // Reference data the registration form needs before anyone has logged in.
  @Public()
  @Get('industry')
  industries() {
    return paged([...INDUSTRIES], INDUSTRIES.length, all);
  }

  @Public()
  @Get('countries')
  countries(@Query() q: LangQuery, @Headers('content-language') contentLanguage?: string) {
    const lang = answerLanguage(q.lang, contentLanguage);
    const names = countries.getNames(lang, { select: 'official' });
    const rows = Object.entries(names)
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
    return paged(rows, rows.length, all);
  }

  /** The business's services, lite, for pickers (`?pagination=1000` pages of that size). */
  @Get('helpers/service')
  helperServices(@CurrentUser() user: UserPrincipal, @Query() q: LangQuery) {
    return this.queries.servicesLite(user.tenantId, pageRequest(q as Record<string, unknown>, 1000));
  }

  /** Services whose name or category contains the keyword, lite. */
  @Get('helpers/setting/filter/:keyword')
  helperFilter(@CurrentUser() user: UserPrincipal, @Query() q: LangQuery, @Param('keyword') keyword: string) {
    return this.queries.servicesLite(user.tenantId, pageRequest(q as Record<string, unknown>, 1000), keyword.slice(0, 100));
  }
}
