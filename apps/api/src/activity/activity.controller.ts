import { Controller, Get, Inject, Query } from '@nestjs/common';
import { sql } from 'kysely';
import { RecordedEvent } from '@tabour/eventstore';
import { Db, invalid, UserPrincipal } from '@tabour/platform';
import { openRecorded } from '@tabour/queues';
import { CurrentUser } from '../common/auth';
import { selectRawPage } from '../common/paged-select';
import { pageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { ActivityQuery } from './activity.dto';

interface EventRow {
  position: number;
  stream_id: string;
  category: string;
  event_type: string;
  data: unknown;
  metadata: { actor?: { type: string; id?: string; name?: string }; correlationId?: string };
  recorded_at: Date;
}

/**
 * The business's history straight from the event store: who did what, when, on which record.
 * It is one of the two places allowed to read the store directly (the other is the integrator
 * feed), because the log *is* the history an auditor replays.
 */
@Controller('business/activity')
export class ActivityController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get()
  async list(@CurrentUser() user: UserPrincipal, @Query() q: ActivityQuery) {
    const page = pageRequest(q as Record<string, unknown>, 25);
    if (q.from && q.to && new Date(q.from) > new Date(q.to)) throw invalid('from must be before to', { from: ['from must be before to'] });
    const filters = [sql`tenant_id = ${user.tenantId}`];
    if (q.type) filters.push(sql`event_type = ${q.type}`);
    if (q.category) filters.push(sql`category = ${q.category}`);
    if (q.stream_id) filters.push(sql`stream_id = ${q.stream_id}`);
    if (q.actor_id) filters.push(sql`metadata->'actor'->>'id' = ${q.actor_id}`);
    if (q.from) filters.push(sql`recorded_at >= ${new Date(q.from)}`);
    if (q.to) filters.push(sql`recorded_at <= ${new Date(q.to)}`);
    const where = sql.join(filters, sql` AND `);
    const found = await selectRawPage<EventRow>(
      this.db,
      sql`SELECT position, stream_id, category, event_type, data, metadata, recorded_at FROM es_events WHERE ${where}`,
      sql`position DESC`,
      page,
      // pagination=off still stops somewhere: the log of a busy business grows without end.
      { cap: 10_000 },
    );
    // Names and notes of queue events are sealed in the log: shown opened while their keys live.
    const opened = await openRecorded(
      this.db,
      found.data.map((r) => ({ type: r.event_type, data: r.data, tenantId: user.tenantId }) as RecordedEvent),
    );
    const items = found.data.map((r, i) => ({
      id: r.position,
      position: r.position,
      type: r.event_type,
      category: r.category,
      stream_id: r.stream_id,
      record_id: r.stream_id.slice(r.category.length + 1),
      actor: r.metadata.actor ?? { type: 'system' },
      correlation_id: r.metadata.correlationId ?? null,
      recorded_at: r.recorded_at,
      data: opened[i].event.data,
    }));
    return { ...found, data: items };
  }
}
