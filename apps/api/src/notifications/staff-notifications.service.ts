import { Inject, Injectable } from '@nestjs/common';
import type { NoticePage, StaffNotification, StaffNotificationKind } from '@tabour/contracts';
import { Db, notFound } from '@tabour/platform';
import { selectPage } from '../common/paged-select';
import type { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';

/** Where the bell's entry leads when the notice names no page itself. */
const LINKS: Record<string, string> = {
  booking_request: '/bookings/request',
  queue_request: '/queues',
  sms_balance_low: '/settings/sms',
  sms_balance_exhausted: '/settings/sms',
};

type Row = { id: string; kind: string; payload: Record<string, unknown>; created_at: Date; read_at: Date | null };

const toNotice = (r: Row): StaffNotification<Date> => {
  const { link, ...data } = r.payload ?? {};
  return {
    id: r.id,
    kind: r.kind as StaffNotificationKind,
    data: data as StaffNotification['data'],
    link: typeof link === 'string' ? link : (LINKS[r.kind] ?? (r.kind.startsWith('sms_') ? '/settings/sms' : null)),
    read_at: r.read_at,
    created_at: r.created_at,
  };
};

/**
 * The back-office's bell (GET /notification): notices the reactors write to
 * `staff_notifications`, newest first; any staff member of the business reads and marks them.
 */
@Injectable()
export class StaffNotificationsService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async list(tenantId: string, page: PageRequest, unreadOnly = false): Promise<NoticePage<Date>> {
    let base = this.db.selectFrom('staff_notifications').where('tenant_id', '=', tenantId);
    if (unreadOnly) base = base.where('read_at', 'is', null);
    const result = await selectPage(
      base,
      (b) => b.select(['id', 'kind', 'payload', 'created_at', 'read_at']).orderBy('created_at', 'desc').orderBy('id', 'desc'),
      page,
      (r) => toNotice(r as Row),
    );
    return { ...result, unread: await this.unread(tenantId) };
  }

  async unread(tenantId: string): Promise<number> {
    const r = await this.db
      .selectFrom('staff_notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Marks one read (again is the same); another business's id answers as a missing one. */
  async read(tenantId: string, id: string): Promise<StaffNotification<Date>> {
    await this.db
      .updateTable('staff_notifications')
      .set({ read_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('read_at', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('staff_notifications')
      .select(['id', 'kind', 'payload', 'created_at', 'read_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Notification not found');
    return toNotice(row as Row);
  }

  async readAll(tenantId: string): Promise<{ read: number }> {
    const r = await this.db
      .updateTable('staff_notifications')
      .set({ read_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return { read: Number(r.numUpdatedRows) };
  }
}
