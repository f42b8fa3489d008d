import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { Actor } from '@tabour/eventstore';
import { BOARD_SETTINGS, type Board, type BoardCall as ContractBoardCall, type BoardSettings } from '@tabour/contracts';
import { DEFAULT_DISPLAY, displayDecider, DisplaySettings, displayStream } from '@tabour/devices';
import { counterCards, queuesOf, ticketCards } from '@tabour/queues';
import { AppConfig, Db, notFound } from '@tabour/platform';
import { BroadcastService } from '../broadcast/broadcast.service';
import { selectRawPage } from '../common/paged-select';
import { PageRequest } from '../common/paging';
import { APP_CONFIG, DB } from '../common/tokens';
import { Commands } from '../common/commands';
import { OrganisationQueries } from '../organisation/queries';
import { checkVideo, discardIncoming, storeVideo, UploadedFileOnDisk, UploadedImage, uploadUrl } from '../organisation/uploads';
import { QueueClock } from '../queues/clock';
import { DeviceCredentials, IssuedCredentials, newDeviceKey } from './credentials.service';
import { DeviceQueries } from './devices.queries';
import { DeviceSupport, RemoteCommand, stripSettings } from './device-support';

/** What a device did, beside the events of its stream: the rows of `display_pings`. */
export type DisplayLogKind = 'ping' | 'login' | 'logout' | 'command';

/** How long a display's pings and device events stay in its log. */
const LOG_DAYS = 30;

/** Display screens as the back-office manages them (docs/devices.md). */
@Injectable()
export class DisplaysService {
  constructor(
    private readonly commands: Commands,
    private readonly credentials: DeviceCredentials,
    private readonly queries: DeviceQueries,
    private readonly broadcast: BroadcastService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB) private readonly db: Db,
    private readonly devices: DeviceSupport,
  ) {}

  /** The answer of a creation: the display, its key, and its secret and auto-login token, shown this once. */
  async create(
    tenantId: string,
    actor: Actor,
    fields: Partial<DisplaySettings> & { name: string },
    file?: UploadedImage,
  ): Promise<Record<string, unknown> & IssuedCredentials> {
    await this.devices.checkQueues(tenantId, fields.queue_ids);
    const id = randomUUID();
    const key = newDeviceKey('display');
    const settings = { ...DEFAULT_DISPLAY, ...stripSettings(fields) } as DisplaySettings;
    // Checked before the image is stored, so a refused form leaves nothing behind.
    displayDecider.decide({ type: 'CreateDisplay', display_id: id, business_id: tenantId, key, settings }, displayDecider.initialState());
    const image = await this.devices.placeholder(tenantId, file);
    await this.commands.run(
      displayDecider,
      displayStream(id),
      { type: 'CreateDisplay', display_id: id, business_id: tenantId, key, settings: { ...settings, ...image } },
      { tenantId, actor },
    );
    const issued = await this.credentials.issue('display', id, tenantId);
    return { ...(await this.queries.one('display', tenantId, id)), ...issued };
  }

  async update(tenantId: string, actor: Actor, id: string, changes: Partial<DisplaySettings>, file?: UploadedImage) {
    const command = { type: 'UpdateDisplay' as const, display_id: id, business_id: tenantId, changes: stripSettings(changes) };
    // The display first: another business's id answers 404 before anything about its fields.
    await this.commands.check(displayDecider, displayStream(id), command);
    await this.devices.checkQueues(tenantId, changes.queue_ids);
    const image = await this.devices.placeholder(tenantId, file);
    return this.apply(tenantId, actor, id, { ...command.changes, ...image });
  }

  /** Stores a checked MP4 or WebM and makes it the display's video. */
  async video(tenantId: string, actor: Actor, id: string, file?: UploadedFileOnDisk) {
    try {
      await this.queries.one('display', tenantId, id);
      const ext = await checkVideo(file, 'video');
      const url = uploadUrl(tenantId, await storeVideo(this.config.dataDir, tenantId, file!, ext))!;
      return await this.apply(tenantId, actor, id, { video_file: url });
    } finally {
      // Refused or failed, the received file goes; stored, it was moved away already.
      await discardIncoming(file);
    }
  }

  private async apply(tenantId: string, actor: Actor, id: string, changes: Partial<DisplaySettings>) {
    const before = 'video_file' in changes ? (await this.queries.one('display', tenantId, id)).video_file : null;
    const { state, events } = await this.commands.run(
      displayDecider,
      displayStream(id),
      { type: 'UpdateDisplay', display_id: id, business_id: tenantId, changes },
      { tenantId, actor },
    );
    // A replaced or removed video is deleted: at up to 50 MB each, they would pile up unseen.
    if (before && state.status === 'active' && state.settings.video_file !== before) await this.discardUpload(tenantId, before);
    const changed = events.flatMap((e) => (e.type === 'DisplayUpdated' ? [e.data.changes] : []));
    // A display made inactive stops at once; its screen reloads into the login.
    if (changed.some((c) => c.status === 'inactive')) await this.remote(tenantId, id, 'logout');
    else if (changed.length) this.broadcast.command(tenantId, 'display', id, { type: 'refresh' });
    return this.queries.one('display', tenantId, id);
  }

  async remove(tenantId: string, actor: Actor, id: string): Promise<void> {
    const { state } = await this.commands.run(
      displayDecider,
      displayStream(id),
      { type: 'DeleteDisplay', display_id: id, business_id: tenantId },
      { tenantId, actor },
    );
    this.broadcast.command(tenantId, 'display', id, { type: 'logout' });
    await this.credentials.forget(id);
    await this.db.deleteFrom('display_pings').where('tenant_id', '=', tenantId).where('display_id', '=', id).execute();
    if (state.status !== 'none' && state.settings.video_file) await this.discardUpload(tenantId, state.settings.video_file);
  }

  /** A new secret and auto-login token, shown this once; every session of the display ends. */
  async reset(tenantId: string, actor: Actor, id: string): Promise<Record<string, unknown> & IssuedCredentials> {
    await this.commands.run(displayDecider, displayStream(id), { type: 'ResetDisplaySecret', display_id: id, business_id: tenantId }, { tenantId, actor });
    return this.devices.renew('display', tenantId, id);
  }

  async remote(tenantId: string, id: string, command: RemoteCommand): Promise<{ sent: RemoteCommand; sessions_ended: number }> {
    const sent = await this.devices.remote('display', tenantId, id, command);
    await this.record(tenantId, id, 'command', { ip: null, userAgent: null, info: { command, sessions_ended: sent.sessions_ended } });
    return sent;
  }

  async record(
    tenantId: string,
    displayId: string,
    kind: DisplayLogKind,
    r: { ip: string | null; userAgent: string | null; info?: Record<string, unknown> },
  ): Promise<void> {
    await this.db
      .insertInto('display_pings')
      .values({
        display_id: displayId,
        tenant_id: tenantId,
        at: new Date(),
        ip: r.ip,
        user_agent: r.userAgent?.slice(0, 300) ?? null,
        kind,
        info: JSON.stringify(r.info ?? {}),
      })
      .execute();
    // The log keeps 30 days: a screen pinging every minute would otherwise add 1,440 rows a day forever.
    if (kind === 'ping')
      await this.db
        .deleteFrom('display_pings')
        .where('tenant_id', '=', tenantId)
        .where('display_id', '=', displayId)
        .where('at', '<', new Date(Date.now() - LOG_DAYS * 86_400_000))
        .execute();
  }

  /**
   * The display's log, newest first: what the device did (pings, logins, logouts, commands sent
   * to it) merged with the events of its stream (created, changed, secret reset) and who did them.
   */
  async logs(tenantId: string, id: string, page: PageRequest) {
    await this.queries.one('display', tenantId, id);
    const entries = sql`
      SELECT 'device' AS source, kind AS type, at, ip, user_agent, info AS data, NULL::jsonb AS actor
        FROM display_pings WHERE tenant_id = ${tenantId} AND display_id = ${id}
      UNION ALL
      SELECT 'event', event_type, recorded_at, NULL, NULL, data, metadata->'actor'
        FROM es_events WHERE stream_id = ${displayStream(id)} AND tenant_id = ${tenantId}`;
    return selectRawPage<{
      source: string;
      type: string;
      at: Date;
      ip: string | null;
      user_agent: string | null;
      data: Record<string, unknown>;
      actor: Record<string, unknown> | null;
    }>(this.db, entries, sql`at DESC`, page);
  }

  private async discardUpload(tenantId: string, url: string): Promise<void> {
    const m = /^\/business\/uploads\/([0-9a-f-]{36})\/([0-9a-f]{32}\.(mp4|webm))$/.exec(url);
    if (!m || m[1] !== tenantId) return;
    await fs.rm(path.join(this.config.dataDir, 'uploads', tenantId, m[2]), { force: true });
  }
}

/** A call as the board reads it, before JSON writes its time. */
export type BoardCall = ContractBoardCall<Date>;

/**
 * The calling board a display screen shows, and the staff's own screen of one queue. It names
 * tickets by their label and counter only: a screen in a waiting room shows no customer names.
 */
@Injectable()
export class DisplayBoard {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly clock: QueueClock,
    private readonly organisation: OrganisationQueries,
  ) {}

  async forDisplay(tenantId: string, display: DisplaySettings & { id: string }): Promise<Board<Date>> {
    const settings = Object.fromEntries(BOARD_SETTINGS.map((k) => [k, display[k]]));
    return this.board(tenantId, { id: display.id, ...settings } as BoardSettings, display.queue_ids);
  }

  /** The staff's screen of one queue (`/queues/:id/display`): the default look, that queue only. */
  async forQueue(tenantId: string, queueId: string): Promise<Board<Date>> {
    const defaults = Object.fromEntries(BOARD_SETTINGS.map((k) => [k, (DEFAULT_DISPLAY as Record<string, unknown>)[k] ?? null]));
    const board = await this.board(tenantId, { ...defaults, id: null } as BoardSettings, [queueId]);
    if (!board.queues.length) throw notFound();
    return board;
  }

  private async board(tenantId: string, settings: BoardSettings, queueIds: string[]): Promise<Board<Date>> {
    const [business, queues] = await Promise.all([this.organisation.business(tenantId), this.queuesOf(tenantId, queueIds)]);
    const ids = queues.map((q) => q.id);
    const [calls, history] = await Promise.all([this.calls(tenantId, ids), this.history(tenantId, ids, settings.history_size)]);
    return {
      display: settings,
      business: { id: business.id, name: business.name, logo_url: business.logo_url, time_zone: business.time_zone },
      queues,
      calls,
      history,
      at: new Date(),
    };
  }

  /** The queues in the display's own order; a queue deleted since is left out. */
  private async queuesOf(tenantId: string, ids: string[]) {
    if (!ids.length) return [];
    const rows = await queuesOf(this.db, tenantId, ids);
    const byId = new Map(rows.map((q) => [q.id, q]));
    return ids.flatMap((id) => {
      const q = byId.get(id);
      if (!q) return [];
      const translations = ((q.settings as { translations?: Record<string, { name?: string }> }).translations ?? {}) as Record<string, { name?: string }>;
      return [
        {
          id: q.id,
          name: q.name,
          translations: Object.fromEntries(Object.entries(translations).map(([l, v]) => [l, { name: v?.name ?? null }])),
          paused: q.paused,
        },
      ];
    });
  }

  /** Tickets at a counter now, the latest call first (index queue_tickets_live). */
  private async calls(tenantId: string, queueIds: string[]): Promise<BoardCall[]> {
    if (!queueIds.length) return [];
    const rows = await this.db
      .selectFrom(ticketCards(this.db).as('t'))
      .leftJoin(counterCards(this.db).as('c'), (j) => j.onRef('c.id', '=', 't.counter_id').onRef('c.tenant_id', '=', 't.tenant_id'))
      .select(['t.label', 't.number', 't.queue_id', 't.called_at', 'c.name as counter_name'])
      .where('t.tenant_id', '=', tenantId)
      .where('t.queue_id', 'in', queueIds)
      .where('t.status', '=', 'in_service')
      .where('t.archived_at', 'is', null)
      .orderBy('t.called_at', 'desc')
      .execute();
    return rows.map((r) => ({ label: r.label, number: r.number, queue_id: r.queue_id, counter_name: r.counter_name, called_at: r.called_at! }));
  }

  /**
   * The last tickets called since the business-local midnight, whatever became of them. One
   * index range per queue (queue_tickets_called), each cut at the size asked, then merged.
   */
  private async history(tenantId: string, queueIds: string[], size: number): Promise<(BoardCall & { status: string })[]> {
    if (!queueIds.length || size <= 0) return [];
    const since = DateTime.now()
      .setZone(await this.clock.zone(tenantId))
      .startOf('day')
      .toJSDate();
    const rows = await sql<BoardCall & { status: string }>`
      SELECT h.label, h.number, h.queue_id, h.called_at, h.status, c.name AS counter_name
        FROM unnest(${queueIds}::uuid[]) AS q(id)
        CROSS JOIN LATERAL (
          SELECT t.label, t.number, t.queue_id, t.called_at, t.status, t.counter_id
            FROM ${ticketCards(this.db)} t
           WHERE t.tenant_id = ${tenantId} AND t.queue_id = q.id AND t.called_at IS NOT NULL AND t.called_at >= ${since}
           ORDER BY t.called_at DESC
           LIMIT ${size}
        ) h
        LEFT JOIN ${counterCards(this.db)} c ON c.id = h.counter_id AND c.tenant_id = ${tenantId}
       ORDER BY h.called_at DESC
       LIMIT ${size}`.execute(this.db);
    return rows.rows.map((r) => ({
      label: r.label,
      number: r.number,
      queue_id: r.queue_id,
      counter_name: r.counter_name,
      called_at: r.called_at,
      status: r.status,
    }));
  }
}
