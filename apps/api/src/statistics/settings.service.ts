import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_SERVICE_LEVEL_TARGET_SECONDS, type ReportSetting, type ReportSettingInput, type StatisticsSettings } from '@tabour/contracts';
import type { Selectable } from 'kysely';
import { reportSettingDecider, reportSettingStream, statisticsSettingsDecider, statisticsSettingsStream, type ReportSettingsTable } from '@tabour/statistics';
import { memberOf } from '@tabour/organisation';
import { queueExists } from '@tabour/queues';
import { Db, invalid, notFound, type UserPrincipal } from '@tabour/platform';
import { DB } from '../common/tokens';
import { Commands } from '../common/commands';

/**
 * The statistics settings (the service level's target) and the reporting mail settings, each
 * change through the one command handler; reads from the inline projection's tables.
 */
@Injectable()
export class StatisticsSettingsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly commands: Commands,
  ) {}

  async settings(tenantId: string): Promise<StatisticsSettings> {
    const row = await this.db.selectFrom('statistics_settings').select('service_level_target_seconds').where('tenant_id', '=', tenantId).executeTakeFirst();
    return { service_level_target_seconds: row?.service_level_target_seconds ?? DEFAULT_SERVICE_LEVEL_TARGET_SECONDS };
  }

  async changeSettings(user: UserPrincipal, input: Partial<StatisticsSettings>): Promise<StatisticsSettings> {
    await this.commands.byUser(user, statisticsSettingsDecider, statisticsSettingsStream(user.tenantId), {
      type: 'SetServiceLevelTarget',
      business_id: user.tenantId,
      target_seconds: input.service_level_target_seconds,
    });
    return this.settings(user.tenantId);
  }

  private present(r: Omit<Selectable<ReportSettingsTable>, 'tenant_id'>): ReportSetting {
    return {
      ...r,
      trigger_kpi: r.trigger_kpi as ReportSetting['trigger_kpi'],
      trigger_operator: r.trigger_operator as ReportSetting['trigger_operator'],
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  }

  private select() {
    return this.db
      .selectFrom('report_settings')
      .select([
        'id',
        'title',
        'queue_id',
        'trigger_kpi',
        'trigger_operator',
        'trigger_value',
        'member_id',
        'content',
        'daily_summary',
        'summary_time',
        'created_at',
        'updated_at',
      ]);
  }

  async reports(tenantId: string): Promise<{ data: ReportSetting[]; total: number }> {
    const rows = await this.select().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
    return { data: rows.map((r) => this.present(r)), total: rows.length };
  }

  async report(tenantId: string, id: string): Promise<ReportSetting> {
    const row = await this.select().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return this.present(row);
  }

  /** The queue and the member must be the business's own: another's reads as a bad choice, never as found. */
  private async checkRefs(tenantId: string, input: ReportSettingInput): Promise<void> {
    const errors: Record<string, string[]> = {};
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (typeof input.queue_id === 'string' && uuid.test(input.queue_id)) {
      if (!(await queueExists(this.db, tenantId, input.queue_id.toLowerCase()))) errors.queue_id = ['Select a valid queue'];
    }
    if (typeof input.member_id === 'string' && uuid.test(input.member_id)) {
      const m = await memberOf(this.db, tenantId, input.member_id.toLowerCase());
      if (!m) errors.member_id = ['Select a valid team member'];
      else if (!m.email) errors.member_id = ['This team member has no e-mail address'];
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) throw invalid(first, errors, 'validation_failed');
  }

  async createReport(user: UserPrincipal, input: ReportSettingInput): Promise<ReportSetting> {
    await this.checkRefs(user.tenantId, input);
    const id = randomUUID();
    await this.commands.byUser(
      user,
      reportSettingDecider,
      reportSettingStream(id),
      { type: 'CreateReportSetting', business_id: user.tenantId, id, input },
      { fresh: true },
    );
    return this.report(user.tenantId, id);
  }

  async updateReport(user: UserPrincipal, id: string, input: ReportSettingInput): Promise<ReportSetting> {
    await this.checkRefs(user.tenantId, input);
    await this.commands.byUser(user, reportSettingDecider, reportSettingStream(id), { type: 'UpdateReportSetting', business_id: user.tenantId, id, input });
    return this.report(user.tenantId, id);
  }

  async deleteReport(user: UserPrincipal, id: string): Promise<{ id: string }> {
    await this.commands.byUser(user, reportSettingDecider, reportSettingStream(id), { type: 'DeleteReportSetting', business_id: user.tenantId, id });
    return { id };
  }
}
