import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNumber, IsObject, IsOptional, IsString, IsUUID } from 'class-validator';
import {
  COUNTER_STAT_PERIODS,
  REPORT_KPIS,
  REPORT_OPERATORS,
  STATISTIC_PERIODS,
  type CounterStatPeriod,
  type ReportKpi,
  type ReportLanguage,
  type ReportOperator,
  type ReportSettingInput,
  type StatisticFilter,
  type StatisticPeriod,
} from '@tabour/contracts';
import { OptionalChoice, OptionalInt, OptionalMatch, stack } from '../common/dto-fields';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const Id = (message: string): PropertyDecorator => stack(ApiPropertyOptional(), IsOptional(), IsUUID('all', { message }));

/** The filters every statistics call takes (body of the POST calls, query of the GET ones). */
export class StatisticFilterDto implements StatisticFilter {
  @OptionalMatch(DATE, 'Enter dates as YYYY-MM-DD') from?: string;
  @OptionalMatch(DATE, 'Enter dates as YYYY-MM-DD') to?: string;
  @Id('Select a valid queue') queue_id?: string;
  @Id('Select a valid service') service_id?: string;
  @Id('Select a valid counter') counter_id?: string;
  @Id('Select a valid team member') member_id?: string;
  @Id('Select a valid department') department_id?: string;
  @OptionalChoice(STATISTIC_PERIODS, 'Choose daily, weekly, monthly or yearly') period?: StatisticPeriod;
  @OptionalInt(1, 86_400) target_seconds?: number;
  @OptionalInt(1, 100_000) page?: number;
  @OptionalInt(1, 1000) per_page?: number;
}

export class CounterStatsQueryDto {
  @ApiPropertyOptional({ enum: COUNTER_STAT_PERIODS })
  @IsOptional()
  @IsIn(COUNTER_STAT_PERIODS as unknown as string[], { message: 'Choose month or year' })
  period?: CounterStatPeriod;
}

/** The statistics settings; the decider checks the bounds. */
export class StatisticsSettingsDto {
  @ApiPropertyOptional({ description: 'seconds, 60 to 14400' })
  @IsOptional()
  @IsInt({ message: 'Enter a whole number of seconds' })
  service_level_target_seconds?: number;
}

/** A reporting mail setting, whole (create) or in part (update); the decider checks each field by name. */
export class ReportSettingDto implements ReportSettingInput {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'Enter a title' }) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid queue' }) queue_id?: string;
  @ApiPropertyOptional({ enum: REPORT_KPIS })
  @IsOptional()
  @IsIn(REPORT_KPIS as unknown as string[], { message: `Choose ${REPORT_KPIS.join(', ')}` })
  trigger_kpi?: ReportKpi;
  @ApiPropertyOptional({ enum: REPORT_OPERATORS })
  @IsOptional()
  @IsIn(REPORT_OPERATORS as unknown as string[], { message: `Choose ${REPORT_OPERATORS.join(', ')}` })
  trigger_operator?: ReportOperator;
  @ApiPropertyOptional() @IsOptional() @IsNumber({}, { message: 'Enter a number' }) trigger_value?: number;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid team member' }) member_id?: string;
  @ApiPropertyOptional({ description: '{ en, fr, ar }: the text per language' })
  @IsOptional()
  @IsObject({ message: 'Write the text per language (en, fr, ar)' })
  content?: Record<ReportLanguage, string>;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'Must be true or false' }) daily_summary?: boolean;
  @ApiPropertyOptional({ description: 'HH:mm, local' }) @IsOptional() @IsString({ message: 'Enter a time as HH:mm' }) summary_time?: string;
}
