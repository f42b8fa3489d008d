import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { COUNTER_STAT_PERIODS, STATISTIC_PERIODS, type CounterStatPeriod, type StatisticFilter, type StatisticPeriod } from '@tabour/contracts';
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
