import { Inject, Injectable } from '@nestjs/common';
import { PUBLIC_EVENT_TYPES, PUBLIC_RECORD_TYPES, type PublicEventType, type PublicRecordType } from '@tabour/contracts';
import { bookingPersonalData } from '@tabour/bookings';
import { customerKeys, openEvent } from '@tabour/customers';
import { probeLog, type RecordedEvent } from '@tabour/eventstore';
import {
  decodeCursor,
  FEED_LIMIT_DEFAULT,
  FEED_LIMIT_MAX,
  readFeedPage,
  readServedPage,
  servedFrom,
  type FeedQuery,
  type ServedPage,
} from '@tabour/integrations';
import { Db, invalid } from '@tabour/platform';
import { anyOf, openRecorded } from '@tabour/privacy';
import { queuePersonalData } from '@tabour/queues';
import { DB } from '../common/tokens';
import type { FeedQueryDto } from './dto';
import { FeedWaker } from './feed-waker';
import type { KeyPrincipal } from './api-key.guard';

/** The personal text of queue and booking events, opened in one read of their keys. */
const SEALED_TEXT = anyOf(queuePersonalData, bookingPersonalData);

/** The longest a long poll holds: below the usual proxies' 60-second idle timeout. */
export const FEED_WAIT_MAX_SECONDS = 30;
/** How soon to look again when events wait behind a running transaction (its end notifies nobody). */
const HELD_RETRY_MS = 25;

/** The feed's query checked and read: a clear 422 for each bad parameter. */
export function feedQuery(q: FeedQueryDto, key: KeyPrincipal): FeedQuery & { waitMs: number } {
  const errors: Record<string, string[]> = {};
  const after = decodeCursor(q.after);
  if (!after) errors.after = ['after must be a cursor this feed gave (next_cursor or an event cursor), or 0'];
  const limit = q.limit === undefined ? FEED_LIMIT_DEFAULT : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > FEED_LIMIT_MAX) errors.limit = [`limit must be a whole number from 1 to ${FEED_LIMIT_MAX}`];
  const types = q.types ? q.types.split(',').map((t) => t.trim()) : [];
  const unknown = types.filter((t) => !(PUBLIC_EVENT_TYPES as string[]).includes(t));
  if (unknown.length) errors.types = [`Unknown event types: ${unknown.join(', ')}`];
  let record: FeedQuery['record'];
  if (q.record) {
    const m = /^(?:([a-z_]{1,20}):)?([0-9a-fA-F-]{36})$/.exec(q.record);
    if (!m || (m[1] && !(PUBLIC_RECORD_TYPES as readonly string[]).includes(m[1])))
      errors.record = [`record must be an id, or a record type and an id (ticket:<id>; types ${PUBLIC_RECORD_TYPES.join(', ')})`];
    else record = { type: (m[1] as PublicRecordType | undefined) || undefined, id: m[2].toLowerCase() };
  }
  const wait = q.wait === undefined ? 0 : Number(q.wait);
  if (!Number.isFinite(wait) || wait < 0 || wait > FEED_WAIT_MAX_SECONDS) errors.wait = [`wait must be from 0 to ${FEED_WAIT_MAX_SECONDS} seconds`];
  if (Object.keys(errors).length) throw invalid('The feed query is not valid', errors);
  return { after: after!, limit, types: types as PublicEventType[], record, personal: key.scopes.includes('pii:read'), waitMs: Math.round(wait * 1000) };
}

/**
 * The public feed of one business (docs/integrations.md): pages in the order subscriptions read
 * the log, and a long poll that answers as soon as something commits. A key without pii:read
 * reads the events already rendered by the feed's projection; one with pii:read reads the store,
 * as the personal fields are opened for each read.
 */
@Injectable()
export class FeedService {
  constructor(
    @Inject(DB) readonly db: Db,
    private readonly waker: FeedWaker,
  ) {}

  async read(tenantId: string, q: FeedQuery): Promise<ServedPage> {
    if (!q.personal) return readServedPage(this.db, tenantId, q);
    return servedFrom(await readFeedPage(this.db, tenantId, q, (events) => this.open(tenantId, events)));
  }

  /**
   * Until something may follow `after`, at most `ms`. The projection notifies its commits; the
   * store's events held back by a running transaction show up when it ends, which notifies
   * nobody when it appended nothing: a reader of the store looks again soon.
   */
  async waitAfter(tenantId: string, q: FeedQuery, ms: number, signal?: AbortSignal): Promise<void> {
    const held = q.personal && (await probeLog(this.db, { transactionId: q.after.transactionId, position: q.after.position })).held;
    await this.waker.next(tenantId, q.personal ? 'store' : 'projection', held ? Math.min(ms, HELD_RETRY_MS) : ms, signal);
  }

  /** A page, or after waiting up to `waitMs` for one: an empty page only when nothing came. */
  async poll(tenantId: string, q: FeedQuery & { waitMs: number }, signal?: AbortSignal): Promise<ServedPage> {
    const deadline = Date.now() + q.waitMs;
    let query: FeedQuery = q;
    for (;;) {
      const page = await this.read(tenantId, query);
      if (page.events.length || page.has_more) return page;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return page;
      query = { ...query, after: decodeCursor(page.next_cursor)! };
      await this.waitAfter(tenantId, query, Math.min(left, 1000), signal);
    }
  }

  /** Each event's personal part opened with its subject's key; an erased one reads as erased (nulls). */
  private async open(tenantId: string, events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const sealed = (e: RecordedEvent) => !!e.data && typeof e.data === 'object' && 'pii' in (e.data as object);
    if (!events.some(sealed)) return events;
    const opened = await openRecorded(this.db, SEALED_TEXT, events);
    const customerIds = [
      ...new Set(events.filter((e) => e.category === 'customer' && sealed(e)).map((e) => String((e.data as { customer_id: unknown }).customer_id))),
    ];
    const keys = await customerKeys(this.db, tenantId, customerIds);
    return events.map((e, i) => {
      if (!sealed(e)) return e;
      if (e.category === 'customer') {
        const key = keys.get(String((e.data as { customer_id: unknown }).customer_id)) ?? null;
        return { ...e, data: openEvent<{ data: unknown }>(e, key).data };
      }
      return opened[i].event;
    });
  }
}
