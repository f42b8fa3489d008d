import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { CounterStatsQueryDto, StatisticFilterDto } from './dto';
import { Scope, StatisticsQueries } from './queries';
import { StatisticsSettingsService } from './settings.service';

/**
 * The statistics calls (ADMIN, MANAGER): figures read from the statistics projections, per
 * period bucket in the business's time zone. Every POST takes the same filter body.
 */
@ApiTags('statistics')
@ApiBearerAuth()
@Controller('business')
@Roles('ADMIN', 'MANAGER')
export class StatisticsController {
  constructor(
    private readonly queries: StatisticsQueries,
    private readonly settings: StatisticsSettingsService,
  ) {}

  private async run<T>(user: UserPrincipal, f: StatisticFilterDto, read: (s: Scope) => Promise<T>): Promise<T> {
    return read(await this.queries.scope(user.tenantId, f));
  }

  @Get('statistic')
  all(@CurrentUser() user: UserPrincipal, @Query() q: StatisticFilterDto) {
    return this.run(user, q, (s) => this.queries.overview(s));
  }

  @Post('statistic/filter')
  @HttpCode(200)
  filter(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.overview(s));
  }

  @Get('statistic/home')
  home(@CurrentUser() user: UserPrincipal, @Query() q: StatisticFilterDto) {
    return this.run(user, q, (s) => this.queries.home(s));
  }

  @Post('statistic/home/filter')
  @HttpCode(200)
  homeFilter(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.home(s));
  }

  // The path's spelling is the one clients already call.
  @Post('statistic/AvgWatingService')
  @HttpCode(200)
  avgWaitingService(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.averageTimes(s));
  }

  @Post('statistic/averageTimes')
  @HttpCode(200)
  averageTimes(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.averageTimes(s));
  }

  @Post('statistic/visiteFrequency')
  @HttpCode(200)
  visitFrequency(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.visitFrequency(s));
  }

  @Post('statistic/servicefrequency')
  @HttpCode(200)
  serviceFrequency(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.serviceFrequency(s));
  }

  @Post('statistic/services')
  @HttpCode(200)
  services(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.serviceFrequency(s));
  }

  @Post('statistic/serviceDurations')
  @HttpCode(200)
  serviceDurations(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.serviceDurations(s));
  }

  @Post('statistic/serviceDurationsPerCounter')
  @HttpCode(200)
  serviceDurationsPerCounter(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.counters(s));
  }

  @Post('statistic/counterPerformance')
  @HttpCode(200)
  counterPerformance(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.counters(s));
  }

  @Post('statistic/counterServiceDuration')
  @HttpCode(200)
  counterServiceDuration(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.counters(s));
  }

  @Post('statistic/counterFeedback')
  @HttpCode(200)
  counterFeedback(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.counterFeedback(s));
  }

  @Post('statistic/customerStat')
  @HttpCode(200)
  customerStat(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.customers(s));
  }

  @Post('statistic/bookingPaymentStat')
  @HttpCode(200)
  bookingPaymentStat(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.paymentStat(s));
  }

  @Post('statistic/bookingPaymentAllTransactions')
  @HttpCode(200)
  bookingPaymentAllTransactions(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.transactions(s, body.page ?? 1, body.per_page ?? 50));
  }

  @Post('statistic/totalSms')
  @HttpCode(200)
  totalSms(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.sms(s));
  }

  @Post('statistic/bookings')
  @HttpCode(200)
  bookings(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.bookings(s));
  }

  @Post('statistic/tickets')
  @HttpCode(200)
  tickets(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.tickets(s));
  }

  @Post('statistic/hourPeak')
  @HttpCode(200)
  hourPeak(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.hourPeak(s));
  }

  @Post('statistic/heatmap')
  @HttpCode(200)
  heatmap(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.heatmap(s));
  }

  @Post('statistic/serviceLevel')
  @HttpCode(200)
  serviceLevel(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    // Without a target in the call, the one the business set (600 s until it sets one).
    return this.run(user, body, async (s) =>
      this.queries.serviceLevel(
        body.target_seconds === undefined ? { ...s, target_seconds: (await this.settings.settings(user.tenantId)).service_level_target_seconds } : s,
      ),
    );
  }

  @Post('statistic/estimateAccuracy')
  @HttpCode(200)
  estimateAccuracy(@CurrentUser() user: UserPrincipal, @Body() body: StatisticFilterDto) {
    return this.run(user, body, (s) => this.queries.estimateAccuracy(s));
  }

  @Get('team/:id/counterStats')
  memberCounterStats(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Query() q: CounterStatsQueryDto) {
    return this.queries.memberCounterStats(user.tenantId, id, q.period ?? 'month');
  }

  @Get('queue/:id/counterStats')
  counterStats(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string, @Query() q: CounterStatsQueryDto) {
    return this.queries.queueCounterStats(user.tenantId, id, q.period ?? 'month');
  }
}
