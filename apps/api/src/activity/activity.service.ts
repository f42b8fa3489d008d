import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ActivityItem, ActivityState } from '@tabour/contracts';
import { Db, invalid, notFound, UserPrincipal } from '@tabour/platform';
import { selectRawPage } from '../common/paged-select';
import { pageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { BusinessCalendar } from '../organisation/calendar';
import type { ActivityQuery } from './activity.dto';
import { activitySheet } from './activity-file';
import { readNames } from './activity-names';
import { openRows, PERSONAL_ROLES } from './activity-open';
import { dayBounds, eventFilter, recordScope, type EventRow } from './activity-query';
import { bookingState, customerState, ticketState, type StateInput } from './activity-state';
import { describe, recordOf, redact, type LogEvent } from './describe';

/** A file is made in memory: beyond this many events, narrow the dates. */
export const MAX_ACTIVITY_EXPORT = 50_000;

/**
 * The business's history straight from the event store: who did what, when, on which record.
 * It is one of the two places allowed to read the store directly (the other is the integrator
 * feed), because the log *is* the history an auditor replays. Which events a query selects,
 * how their personal text opens, the names they show, a record's fold and the export's sheet
 * each live in their own file beside this one.
 */
@Injectable()
export class ActivityService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly calendar: BusinessCalendar,
  ) {}

  private zone(tenantId: string): Promise<string> {
    return this.calendar.zone(tenantId);
  }

  /** The WHERE clause of a reader's query: its bare dates widened to whole days, its record to the record's timeline. */
  private async where(tenantId: string, q: ActivityQuery) {
    const bounded = await dayBounds(q, () => this.zone(tenantId));
    return eventFilter(tenantId, bounded, q.record_id ? await recordScope(this.db, tenantId, q.record_id) : null);
  }

  async list(user: UserPrincipal, q: ActivityQuery) {
    const page = pageRequest(q as Record<string, unknown>, 25);
    const found = await selectRawPage<EventRow>(
      this.db,
      sql`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events WHERE ${await this.where(user.tenantId, q)}`,
      sql`position DESC`,
      page,
      // pagination=off still stops somewhere: the log of a busy business grows without end.
      { cap: 10_000 },
    );
    return { ...found, data: await this.items(user, found.data) };
  }

  /** Rows of the store as the reader may see them, sentences and names resolved. */
  async items(user: UserPrincipal, rows: EventRow[]): Promise<ActivityItem[]> {
    const personal = PERSONAL_ROLES.has(user.role);
    const opened = await openRows(this.db, user.tenantId, rows);
    const events: LogEvent[] = rows.map((r, i) => ({
      position: Number(r.position),
      stream_id: r.stream_id,
      category: r.category,
      event_type: r.event_type,
      data: opened[i].data,
      actor: r.metadata?.actor ?? { type: 'system' },
      recorded_at: new Date(r.recorded_at),
    }));
    const names = await readNames(this.db, user.tenantId, await this.zone(user.tenantId), events, personal);
    return events.map((e, i) => {
      const sealed = opened[i].sealed;
      const state = !sealed ? 'none' : opened[i].erased ? 'erased' : personal ? 'shown' : 'hidden';
      return {
        ...describe(e, names, state),
        correlation_id: rows[i].metadata?.correlationId ?? null,
        data: personal && !opened[i].erased ? e.data : redact(e.category, e.data),
      };
    });
  }

  /**
   * A record as it stood at a moment: its stream's events up to then, folded with its decider's
   * evolve. A ticket is folded inside its queue's stream and read from the queue's state.
   */
  async stateAt(user: UserPrincipal, recordId: string, at: Date): Promise<ActivityState> {
    const id = recordId.toLowerCase();
    const head = await sql<EventRow>`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events
      WHERE tenant_id = ${user.tenantId} AND (stream_id IN (${'booking-' + id}, ${'customer-' + id}) OR data->>'ticket_id' = ${id} OR data->'ticket'->>'id' = ${id})
      ORDER BY position LIMIT 1`.execute(this.db);
    const first = head.rows[0];
    if (!first) throw notFound();
    const rows = (
      await sql<EventRow>`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events
        WHERE tenant_id = ${user.tenantId} AND stream_id = ${first.stream_id} AND recorded_at <= ${at} ORDER BY revision`.execute(this.db)
    ).rows;
    const opened = await openRows(this.db, user.tenantId, rows);
    const input: StateInput = {
      events: rows.map((r, i) => ({ type: r.event_type, data: opened[i].data })),
      rows,
      record: { ...recordOf({ ...first, data: first.data ?? {} }), stream_id: first.stream_id, label: null as string | null },
      base: { at: at.toISOString(), events: rows.length },
      personal: PERSONAL_ROLES.has(user.role),
      zone: await this.zone(user.tenantId),
    };
    if (first.category === 'booking') return bookingState(input);
    if (first.category === 'customer') return customerState(input);
    return ticketState(id, input, () =>
      this.db.selectFrom('queue_tickets').select(['label', 'customer_name']).where('tenant_id', '=', user.tenantId).where('id', '=', id).executeTakeFirst(),
    );
  }

  /** The filtered log as a CSV (UTF-8 with its mark) or XLSX file, one event a row. */
  async file(user: UserPrincipal, q: ActivityQuery, format: 'csv' | 'xlsx'): Promise<Buffer> {
    const rows = (
      await sql<EventRow>`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events
        WHERE ${await this.where(user.tenantId, q)} ORDER BY position DESC LIMIT ${MAX_ACTIVITY_EXPORT + 1}`.execute(this.db)
    ).rows;
    if (rows.length > MAX_ACTIVITY_EXPORT)
      throw invalid(`An export may hold at most ${MAX_ACTIVITY_EXPORT} events: choose fewer dates`, { from: ['Choose fewer dates'] });
    const zone = await this.zone(user.tenantId);
    const items: ActivityItem[] = [];
    for (let i = 0; i < rows.length; i += 1000) items.push(...(await this.items(user, rows.slice(i, i + 1000))));
    return activitySheet(items, zone, format);
  }
}
