import { Controller, Get, Headers, Logger, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { decodeCursor, encodeCursor, servedPageJson } from '@tabour/integrations';
import { invalid } from '@tabour/platform';
import { Public } from '../common/auth';
import { Lifecycle } from '../health/lifecycle';
import { ApiKeyGuard, CurrentKey, KeyScope, type KeyPrincipal } from './api-key.guard';
import { FeedQueryDto } from './dto';
import { FeedService, feedQuery } from './feed.service';

/** A comment line keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

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
  ) {}

  /** Aborted when the client goes, or when this instance begins to stop: a long poll answers what it has, a stream ends and its client reconnects elsewhere. */
  private endedWith(res: Response): AbortSignal {
    const gone = new AbortController();
    // The answer's close, not the request's: a request's ends once it is read, the answer's when the client goes.
    res.on('close', () => gone.abort());
    return AbortSignal.any([gone.signal, this.lifecycle.signal]);
  }

  @Get('feed')
  @ApiOkResponse({ description: 'a page: { data: PublicEvent[], next_cursor, has_more } (schemas: components PublicEvent_*)' })
  async page(@CurrentKey() key: KeyPrincipal, @Query() q: FeedQueryDto, @Res({ passthrough: true }) res: Response) {
    const query = feedQuery(q, key);
    const page = await this.feed.poll(key.tenantId, query, this.endedWith(res));
    // The events' JSON as read, not parsed and written again: most of a page's cost otherwise.
    res.type('application/json');
    return servedPageJson(page);
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
    const ended = this.endedWith(res);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    let idleSince = Date.now();
    try {
      while (!ended.aborted) {
        const page = await this.feed.read(key.tenantId, query);
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
    } catch (err) {
      // The headers are gone: the error can only end the stream; the client reconnects.
      this.log.warn(`feed stream of key ${key.keyId} stopped: ${String(err)}`);
      res.write(`event: error\ndata: ${JSON.stringify({ message: 'The stream stopped; reconnect with Last-Event-ID', code: 'internal' })}\n\n`);
    } finally {
      res.end();
    }
  }
}
