import { Inject, Injectable } from '@nestjs/common';
import * as XLSX from '@e965/xlsx';
import { DateTime } from 'luxon';
import type { Language, MessageStatus, MessageType, SmsEncoding, SmsTransaction } from '@tabour/contracts';
import { badRequest, Db, invalid } from '@tabour/platform';
import { selectPage } from '../common/paged-select';
import type { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { BusinessCalendar } from '../organisation/calendar';

export interface LedgerFilters {
  status?: string;
  message_type?: string;
  /** Days in the business's time zone, both included. */
  from?: string;
  to?: string;
  /** Digits anywhere in the number. */
  destination?: string;
}

/** A file is made in memory: beyond this many SMS, narrow the dates. */
export const MAX_LEDGER_EXPORT_ROWS = 100_000;

const COLUMNS = ['id', 'recipient', 'body', 'sent_at', 'language', 'segments', 'encoding', 'status', 'cost', 'message_type', 'error', 'created_at'] as const;

type LedgerRow = {
  id: string;
  recipient: string;
  body: string;
  sent_at: Date | null;
  language: string;
  segments: number | null;
  encoding: string | null;
  status: string;
  cost: string | null;
  message_type: string;
  error: string | null;
  created_at: Date;
};

const toTransaction = (r: LedgerRow): SmsTransaction<Date> => ({
  id: r.id,
  destination: r.recipient,
  message: r.body,
  sent_at: r.sent_at,
  language: r.language as Language,
  segments: r.segments ?? 0,
  encoding: (r.encoding ?? 'GSM-7') as SmsEncoding,
  status: r.status as MessageStatus,
  cost: r.cost === null ? 0 : Number(r.cost),
  message_type: r.message_type as MessageType,
  error: r.error,
  created_at: r.created_at,
});

/** A cell a spreadsheet would run as a formula gets a quote in front; a number in E.164 stays as it is. */
const FORMULA = /^[=+\-@\t\r]/;
const PHONE = /^\+\d+$/;
const neutralise = (v: string) => (FORMULA.test(v) && !PHONE.test(v) ? `'${v}` : v);

export const LEDGER_EXPORT_COLUMNS = [
  'created_at',
  'sent_at',
  'destination',
  'message_type',
  'language',
  'encoding',
  'segments',
  'cost',
  'status',
  'error',
  'message',
] as const;

/** The SMS ledger: the outbox's SMS rows (docs/notifications.md, "SMS ledger"). */
@Injectable()
export class SmsLedgerService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly calendar: BusinessCalendar,
  ) {}

  private zone(tenantId: string): Promise<string> {
    return this.calendar.zone(tenantId);
  }

  private async base(tenantId: string, f: LedgerFilters) {
    let q = this.db.selectFrom('notification_messages').where('tenant_id', '=', tenantId).where('channel', '=', 'sms');
    if (f.status) q = q.where('status', '=', f.status);
    if (f.message_type) q = q.where('message_type', '=', f.message_type);
    if (f.from || f.to) {
      const zone = await this.zone(tenantId);
      const day = (key: 'from' | 'to') => {
        const d = DateTime.fromISO(f[key]!, { zone });
        if (!d.isValid) throw badRequest(`${key} must be a date (YYYY-MM-DD)`);
        return d;
      };
      const from = f.from ? day('from') : null;
      const to = f.to ? day('to') : null;
      if (from && to && to < from) throw invalid('The end date is before the start date', { to: ['The end date is before the start date'] });
      if (from) q = q.where('created_at', '>=', from.startOf('day').toJSDate());
      if (to) q = q.where('created_at', '<', to.plus({ days: 1 }).startOf('day').toJSDate());
    }
    const digits = f.destination?.replace(/\D/g, '');
    if (digits) q = q.where('recipient', 'like', `%${digits}%`);
    return q;
  }

  async list(tenantId: string, page: PageRequest, f: LedgerFilters) {
    const base = await this.base(tenantId, f);
    return selectPage(
      base,
      (b) => b.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
      (r) => toTransaction(r as LedgerRow),
    );
  }

  /** The ledger as a CSV (UTF-8 with its mark, for spreadsheet programs) or XLSX file, times in the business's zone. */
  async file(tenantId: string, format: 'csv' | 'xlsx', f: LedgerFilters): Promise<Buffer> {
    const base = await this.base(tenantId, f);
    const rows = (await base
      .select(COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_LEDGER_EXPORT_ROWS + 1)
      .execute()) as LedgerRow[];
    if (rows.length > MAX_LEDGER_EXPORT_ROWS) {
      const message = `An export may hold at most ${MAX_LEDGER_EXPORT_ROWS} SMS: choose fewer dates`;
      throw invalid(message, { from: [message] });
    }
    const zone = await this.zone(tenantId);
    const at = (d: Date | null) => (d ? DateTime.fromJSDate(d, { zone }).toFormat('yyyy-MM-dd HH:mm:ss') : '');
    const cells = rows
      .map(toTransaction)
      .map((t) =>
        [
          at(t.created_at ?? null),
          at(t.sent_at),
          t.destination,
          t.message_type,
          t.language,
          t.encoding,
          String(t.segments),
          String(t.cost),
          t.status,
          t.error ?? '',
          t.message,
        ].map(neutralise),
      );
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[...LEDGER_EXPORT_COLUMNS], ...cells]), 'SMS');
    if (format === 'csv')
      return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8')]);
    return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  }
}
