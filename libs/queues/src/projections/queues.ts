import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { FeedbackEvent } from '../feedback';
import { QUEUE_EVENT_TYPES, QueueEvent } from '../queue';
import '../tables';
import { ARCHIVE_EVENTS, archiveTickets } from './archive';
import { HANDLERS, type Rec, type Row, rowOf } from './handlers';
import { HotRun } from './hot-run';

/** Queues, counters, live tickets and their archive: one projection, applied in event order. */
export const queueProjection: InlineProjection<QueueEvent | FeedbackEvent, Database> = {
  name: 'queues.queues',
  // The customers' archive of visits is written in the same statements as the tickets it copies.
  tables: ['queues', 'queue_counters', 'queue_tickets', 'queue_wait_predictions', 'customer_archived_tickets'],
  handles: [...QUEUE_EVENT_TYPES, 'TicketFeedbackGiven'],
  async apply(db, events) {
    let run: HotRun | null = null;
    /** Per business, tickets whose archive is written once the events are applied, and those restored. */
    const archive = new Map<string, { ids: Set<string>; restored: Set<string> }>();
    const ended = new Set<string>();
    for (const e of events) {
      const tenant = e.data.business_id;
      const q = e.data.queue_id;
      const at = e.recordedAt;
      const ticketId = (e.data as { ticket_id?: string }).ticket_id ?? (e.data as { ticket?: { id: string } }).ticket?.id;
      if (e.type === 'TicketEnded') ended.add(e.data.ticket_id);
      // A run copies its ended tickets itself; a later change of one in these events copies it again.
      else if (ticketId && (ARCHIVE_EVENTS.has(e.type) || ended.has(ticketId))) {
        const a = archive.get(tenant) ?? archive.set(tenant, { ids: new Set(), restored: new Set() }).get(tenant)!;
        a.ids.add(ticketId);
        if (e.type === 'TicketRestored') a.restored.add(ticketId);
      }
      if (e.type === 'TicketPushed' || e.type === 'TicketCalled' || e.type === 'TicketEnded') {
        if (run && (run.tenant !== tenant || run.queue !== q)) {
          await run.flush(db);
          run = null;
        }
        (run ??= new HotRun(tenant, q)).add(e.type, e.data, at, e.position);
        continue;
      }
      if (run) {
        await run.flush(db);
        run = null;
      }
      const handle = HANDLERS[e.type] as ((row: Row, e: Rec) => Promise<void>) | undefined;
      if (handle) await handle(rowOf(db, tenant, q, at), e);
    }
    if (run) await run.flush(db);
    for (const [tenant, { ids, restored }] of archive) await archiveTickets(db, tenant, ids, restored);
  },
};
