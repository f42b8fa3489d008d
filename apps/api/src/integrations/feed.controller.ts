import { Controller, Get, Headers, Logger, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { decodeCursor, encodeCursor, servedPageJson } from '@tabour/integrations';
import { invalid, unauthorized } from '@tabour/platform';
import { Public } from '../common/auth';
import { Lifecycle } from '../health/lifecycle';
import { ApiKeyAuth, ApiKeyGuard, CurrentKey, KEY_REFUSED, KeyScope, type KeyPrincipal } from './api-key.guard';
import { FeedQueryDto } from './dto';
import { FeedService, feedQuery } from './feed.service';
import { KeyStreams } from './key-streams';

/** A comment line keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
/**
 * How often an idle stream reads its key again: the bound on a stream outliving its key when this
 * instance missed the revocation. A page with events always reads it first.
 */
const KEY_RECHECK_MS = 5_000;

/** What the answer or the stream holds: ended by the client, this instance's drain or the key's end. */
interface Held {
  signal: AbortSignal;
  keyEnded: AbortSignal;
  release: () => void;
}

/**
 * The feed, for integrators with an API key (`Authorization: Bearer tbr_…`, scope feed:read):
 * not a staff session, so the staff guard lets it through and the key guard checks it.
 */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('business/integrations')
@Public()
@UseGuards(ApiKeyGuard)
@KeyScope('feed:read')
export class FeedController {
  private readonly log = new Logger('feed');

  constructor(
    private readonly feed: FeedService,
    private readonly lifecycle: Lifecycle,
    private readonly keys: KeyStreams,
    private readonly auth: ApiKeyAuth,
  ) {}

  /**
   * Aborted when the client goes, when this instance begins to stop (a long poll answers what it
   * has, a stream ends and its client reconnects elsewhere), or when the key is revoked or its
   * business deleted, which every instance reads from the log (docs/integrations.md).
   */
  private endedWith(res: Response, key: KeyPrincipal): Held {
    const gone = new AbortController();
    const held = this.keys.open(key);
    // The answer's close, not the request's: a request's ends once it is read, the answer's when the client goes.
    res.on('close', () => {
      gone.abort();
      held.release();
    });
    return { signal: AbortSignal.any([gone.signal, this.lifecycle.signal, held.signal]), keyEnded: held.signal, release: held.release };
  }

  /**
   * Whether the key still opens the feed, asked after a page is read: every event of the page
   * committed before this look, so a page of a key revoked before it is never served.
   */
  private async keyLive(key: KeyPrincipal, held: Held): Promise<boolean> {
    return !held.keyEnded.aborted && (await this.auth.isLive(key.keyId));
  }

  @Get('feed')
  @ApiOkResponse({ description: 'a page: { data: PublicEvent[], next_cursor, has_more } (schemas: components PublicEvent_*)' })
  async page(@CurrentKey() key: KeyPrincipal, @Query() q: FeedQueryDto, @Res({ passthrough: true }) res: Response) {
    const query = feedQuery(q, key);
    const held = this.endedWith(res, key);
    try {
      const page = await this.feed.poll(key.tenantId, query, held.signal);
      if (!(await this.keyLive(key, held))) throw unauthorized(KEY_REFUSED);
      // The events' JSON as read, not parsed and written again: most of a page's cost otherwise.
      res.type('application/json');
      return servedPageJson(page);
    } finally {
      held.release();
    }
  }

  /**
   * Server-sent events: each public event as `id: <cursor>`, `event: <type>`, `data: <envelope>`.
   * A reconnecting client sends Last-Event-ID and carries on after it.
   */
  @Get('feed/stream')
  async stream(
    @CurrentKey() key: KeyPrincipal,
    @Query() q: FeedQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const query = feedQuery({ ...q, wait: undefined }, key);
    if (lastEventId !== undefined) {
      const resumed = decodeCursor(lastEventId.trim());
      if (!resumed) throw invalid('Last-Event-ID is not a cursor of this feed', { 'last-event-id': ['Send the id of the last event received'] });
      query.after = resumed;
    }
    const held = this.endedWith(res, key);
    const ended = held.signal;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    let idleSince = Date.now();
    let keyReadAt = Date.now();
    let revoked = false;
    try {
      while (!ended.aborted) {
        const page = await this.feed.read(key.tenantId, query);
        // Read, then the key: what the page holds committed before this look (see keyLive).
        if (page.events.length || Date.now() - keyReadAt >= KEY_RECHECK_MS) {
          if (!(await this.keyLive(key, held))) {
            revoked = true;
            break;
          }
          keyReadAt = Date.now();
        }
        for (const e of page.events) res.write(`id: ${e.cursor}\nevent: ${e.type}\ndata: ${e.json}\n\n`);
        const next = decodeCursor(page.next_cursor)!;
        // Moving past events the client does not want: an id alone moves its Last-Event-ID.
        if (!page.events.length && encodeCursor(next) !== encodeCursor(query.after)) res.write(`id: ${page.next_cursor}\n\n`);
        if (page.events.length) idleSince = Date.now();
        query.after = next;
        if (page.has_more) continue;
        if (Date.now() - idleSince >= KEEP_ALIVE_MS) {
          res.write(': keep-alive\n\n');
          idleSince = Date.now();
        }
        await this.feed.waitAfter(key.tenantId, query, 1000, ended);
      }
      // Told why, the client stops: its reconnection would answer 401.
      if (revoked || held.keyEnded.aborted) res.write(`event: error\ndata: ${JSON.stringify({ message: KEY_REFUSED, code: 'unauthenticated' })}\n\n`);
    } catch (err) {
      // The headers are gone: the error can only end the stream; the client reconnects.
      this.log.warn(`feed stream of key ${key.keyId} stopped: ${String(err)}`);
      res.write(`event: error\ndata: ${JSON.stringify({ message: 'The stream stopped; reconnect with Last-Event-ID', code: 'internal' })}\n\n`);
    } finally {
      held.release();
      res.end();
    }
  }
}
