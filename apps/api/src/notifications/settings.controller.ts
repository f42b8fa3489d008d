import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { paged } from '../common/paging';
import { NotificationSettingsDto, SmsSettingsDto, TemplateDto, TemplatePreviewDto, TemplatesQuery } from './dto';
import { NotificationSettingsService } from './settings.service';

type TemplatePath = { type: string; language: string; channel: string };

/** The business's SMS and notification settings and its message templates (docs/notifications.md). */
@ApiTags('notifications')
@ApiBearerAuth()
@Roles('ADMIN')
@Controller('business')
export class NotificationSettingsController {
  constructor(private readonly service: NotificationSettingsService) {}

  /** `SmsSettings` and the allowance: `{ sender_name, enabled_types, fallback_to_email, balance: { allowance, consumed, balance } }`. */
  @Get('sms/settings')
  sms(@CurrentUser() user: UserPrincipal) {
    return this.service.smsSettings(user.tenantId);
  }

  @Post('sms/settings')
  @HttpCode(200)
  changeSms(@CurrentUser() user: UserPrincipal, @Body() body: SmsSettingsDto) {
    return this.service.changeSmsSettings(user, body);
  }

  @Get('notification/settings')
  settings(@CurrentUser() user: UserPrincipal) {
    return this.service.settings(user.tenantId);
  }

  @Post('notification/settings')
  @HttpCode(200)
  change(@CurrentUser() user: UserPrincipal, @Body() body: NotificationSettingsDto) {
    return this.service.changeSettings(user, body as Record<string, unknown>);
  }

  /** Every type × language × channel, the business's own marked `custom`; `?type=&language=&channel=` narrow it. */
  @Get('notification/templates')
  async templates(@CurrentUser() user: UserPrincipal, @Query() q: TemplatesQuery) {
    const rows = await this.service.templates(user.tenantId, q);
    return paged(rows, rows.length, { limit: null, offset: 0, page: 1 });
  }

  /** The text with sample values, its problems and its SMS segments; nothing is saved. */
  @Post('notification/templates/preview')
  @HttpCode(200)
  preview(@CurrentUser() user: UserPrincipal, @Body() body: TemplatePreviewDto) {
    return this.service.preview(user.tenantId, body);
  }

  @Put('notification/templates/:type/:language/:channel')
  save(@CurrentUser() user: UserPrincipal, @Param() path: TemplatePath, @Body() body: TemplateDto) {
    return this.service.saveTemplate(user, path, body);
  }

  /** Back to the default shipped for the type and language; answers the default. */
  @Delete('notification/templates/:type/:language/:channel')
  reset(@CurrentUser() user: UserPrincipal, @Param() path: TemplatePath) {
    return this.service.resetTemplate(user, path);
  }
}
