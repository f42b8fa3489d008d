import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { UserPrincipal } from '@tabour/platform';
import { CurrentUser, Roles } from '../common/auth';
import { pageRequest } from '../common/paging';
import { SmsExportQuery, SmsTransactionsQuery } from './dto';
import { SmsLedgerService } from './ledger.service';

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** The SMS sent and their cost (the transactions of /settings/sms). */
@ApiTags('notifications')
@ApiBearerAuth()
@Roles('ADMIN')
@Controller('business/sms/transactions')
export class SmsLedgerController {
  constructor(private readonly ledger: SmsLedgerService) {}

  /** `SmsTransaction` rows, newest first; `?status=&message_type=&from=&to=&destination=` filter them. */
  @Get()
  list(@CurrentUser() user: UserPrincipal, @Query() q: SmsTransactionsQuery) {
    return this.ledger.list(user.tenantId, pageRequest(q as Record<string, unknown>), q);
  }

  /** The same rows (same filters, no paging) as a CSV or XLSX file. */
  @Get('export')
  async export(@CurrentUser() user: UserPrincipal, @Query() q: SmsExportQuery, @Res() res: Response): Promise<void> {
    const format = q.format ?? 'csv';
    const content = await this.ledger.file(user.tenantId, format, q);
    res.setHeader('Content-Type', TYPES[format]);
    res.setHeader('Content-Disposition', `attachment; filename="sms-${new Date().toISOString().slice(0, 10)}.${format}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(content);
  }
}
