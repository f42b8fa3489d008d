import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, Min } from 'class-validator';
import { notFound, UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { IdPipe } from '../common/ids';
import { pageRequest } from '../common/paging';
import { ToNumber } from '../common/transforms';
import { ListQueryDto } from './dto';
import { QueueQueries } from './queries';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class FeedbackFilterDto {
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid queue' }) queue_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'Select a valid customer' }) customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @ToNumber() @IsInt() @Min(1) @Max(5) stars?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(DATE, { message: 'Enter dates as YYYY-MM-DD' }) from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(DATE, { message: 'Enter dates as YYYY-MM-DD' }) to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^\d{1,9}$/) page?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^(off|\d{1,5})$/) pagination?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/^\d{1,5}$/) per_page?: string;
}

/** Customers' ratings of their visits, left through their ticket links (ADMIN, MANAGER). */
@ApiTags('feedback')
@ApiBearerAuth()
@Controller('business')
@Roles('ADMIN', 'MANAGER')
export class FeedbackController {
  constructor(private readonly queries: QueueQueries) {}

  @Get('feedback')
  list(@CurrentUser() user: UserPrincipal, @Query() q: ListQueryDto) {
    return this.queries.feedback(user.tenantId, pageRequest(q as Record<string, unknown>), {});
  }

  @Post('feedback/filter')
  @HttpCode(200)
  filter(@CurrentUser() user: UserPrincipal, @Body() body: FeedbackFilterDto) {
    return this.queries.feedback(user.tenantId, pageRequest(body as Record<string, unknown>), {
      queue_id: body.queue_id?.toLowerCase(),
      customer_id: body.customer_id?.toLowerCase(),
      stars: body.stars,
      from: body.from,
      to: body.to,
    });
  }

  @Get('feedback/:id')
  async one(@CurrentUser() user: UserPrincipal, @Param('id', IdPipe) id: string) {
    const found = await this.queries.feedback(user.tenantId, { limit: 1, offset: 0, page: 1 }, { ticket_id: id });
    if (!found.data.length) throw notFound();
    return found.data[0];
  }
}
