import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { ReportSettingDto, StatisticsSettingsDto } from './dto';
import { StatisticsSettingsService } from './settings.service';

/** The service level's target: the manager measures against it, so ADMIN and MANAGER set it. */
@ApiTags('statistics')
@ApiBearerAuth()
@Controller('business/statistic/settings')
@Roles('ADMIN', 'MANAGER')
export class StatisticsSettingsController {
  constructor(private readonly settings: StatisticsSettingsService) {}

  @Get()
  read(@CurrentUser() user: UserPrincipal) {
    return this.settings.settings(user.tenantId);
  }

  @Post()
  @HttpCode(200)
  change(@CurrentUser() user: UserPrincipal, @Body() body: StatisticsSettingsDto) {
    return this.settings.changeSettings(user, body);
  }
}

/** Reporting mail settings (docs/product.md#reporting-mails; ADMIN): list, create, read, update, delete. */
@ApiTags('statistics')
@ApiBearerAuth()
@Controller('business/report-settings')
@Roles('ADMIN')
export class ReportSettingsController {
  constructor(private readonly settings: StatisticsSettingsService) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal) {
    return this.settings.reports(user.tenantId);
  }

  // Existing clients create with a POST, the data provider with a PUT: both are served (docs/product.md#reporting-mails).
  @Post('create')
  @HttpCode(201)
  create(@CurrentUser() user: UserPrincipal, @Body() body: ReportSettingDto) {
    return this.settings.createReport(user, body);
  }

  @Put('create')
  @HttpCode(201)
  createPut(@CurrentUser() user: UserPrincipal, @Body() body: ReportSettingDto) {
    return this.settings.createReport(user, body);
  }

  @Get(':id')
  one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.settings.report(user.tenantId, id);
  }

  /** Existing clients read one setting with a POST without a body (docs/product.md#reporting-mails). */
  @Post(':id')
  @HttpCode(200)
  oneByPost(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.settings.report(user.tenantId, id);
  }

  @Post(':id/update')
  @HttpCode(200)
  update(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Body() body: ReportSettingDto) {
    return this.settings.updateReport(user, id, body);
  }

  @Delete(':id/delete')
  remove(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.settings.deleteReport(user, id);
  }

  @Delete(':id')
  removeShort(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    return this.settings.deleteReport(user, id);
  }
}
