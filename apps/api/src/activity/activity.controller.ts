import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser } from '../common/auth';
import { ActivityExportQuery, ActivityQuery, ActivityStateQuery } from './activity.dto';
import { ActivityService } from './activity.service';

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The activity log: each event as a sentence, a record's timeline and state at a moment, and its export. */
@Controller('business/activity')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: ActivityQuery) {
    return this.activity.list(user, q);
  }

  @Get('state')
  state(@CurrentUser() user: UserPrincipal, @Query() q: ActivityStateQuery) {
    return this.activity.stateAt(user, q.record_id, q.at ? new Date(q.at) : new Date());
  }

  @Get('export')
  async export(@CurrentUser() user: UserPrincipal, @Query() q: ActivityExportQuery, @Res() res: Response): Promise<void> {
    const format = q.format ?? 'csv';
    const content = await this.activity.file(user, q, format);
    res.setHeader('Content-Type', TYPES[format]);
    res.setHeader('Content-Disposition', `attachment; filename="activity-${new Date().toISOString().slice(0, 10)}.${format}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(content);
  }
}
