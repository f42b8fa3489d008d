import { createServer, IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Server, Socket } from 'socket.io';
import { AppConfig, Principal } from '@tabour/platform';
import { bearerToken, SessionResolver } from '../common/auth';
import { corsOrigin, originAllowed } from '../common/security';
import { APP_CONFIG, DATABASE_URL } from '../common/tokens';
import { postgresAdapter } from './adapter';
import type { Ending } from './endings';
import { businessRoom, ChangeNotice, roomFor, scopedRoom, ticketRoom } from './rooms';

/** How often every socket's session is checked again: the bound on a socket outliving its session when no event says so (docs/security.md). */
const RECHECK_MS = 60_000;
/** setTimeout's longest delay; a later expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const subjectOf = (p: Principal) => (p.kind === 'user' ? p.userId : p.kind === 'kiosk' ? p.kioskId : p.displayId);

/**
 * The broadcast channel: socket.io on its own port (BROADCAST_PORT, 6001 by default), with
 * `POST /auth` on the same port for clients that authorise a channel before joining it.
 *
 * With several API instances, a client's socket lives on one of them. Change notices need no
 * help: every instance's ChangeRelay follows the whole log and tells its own sockets. What one
 * instance alone knows (a remote command to a device, ticket pages put in a room) crosses to
 * the others through the PostgreSQL adapter.
 */
@Injectable()
export class BroadcastService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('broadcast');
  private http?: HttpServer;
  private io?: Server;
  private ticketRooms?: (uid: string) => Promise<string[]>;
  private closeAdapter?: () => Promise<void>;
  private recheck?: NodeJS.Timeout;
  /** Each authorised socket's expiry timer, cleared when it goes. */
  private readonly expiries = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionResolver,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  get port(): number | undefined {
    return (this.http?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Scripts that boot the application only to use its parts (rebuild) open no port.
    if (!this.config.eventing.autostart) return;
    this.http = createServer((req, res) => void this.handleHttp(req, res));
    const { adapter, close } = postgresAdapter(this.databaseUrl);
    this.closeAdapter = close;
    this.io = new Server(this.http, { cors: { origin: corsOrigin(this.config.corsOrigins), credentials: true }, serveClient: false, adapter });
    this.io.use(async (socket, next) => {
      const token = (socket.handshake.auth?.token as string | undefined) ?? bearerToken(socket.handshake.headers.authorization) ?? undefined;
      if (token) {
        const principal = await this.sessions.resolve(token).catch(() => null);
        if (!principal) return next(new Error('unauthorised'));
        socket.data.principal = principal;
        // The principal, with its session id, travels with the socket, so that its end finds it (end); the expiry arms its timer.
        socket.data.expiresAt = (await this.sessions.stillOpen([principal]).catch(() => null))?.get(principal.sessionId) ?? null;
      }
      next();
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
    this.recheck = setInterval(() => void this.recheckAll(), RECHECK_MS);
    this.recheck.unref();
    await new Promise<void>((resolve, reject) => {
      this.http!.once('error', reject);
      this.http!.listen(this.config.broadcastPort, () => resolve());
    });
  }

  private onConnection(socket: Socket): void {
    const principal = socket.data.principal as Principal | undefined;
    if (principal) {
      void socket.join(businessRoom(principal.tenantId));
      this.expireAt(socket, socket.data.expiresAt as Date | null);
      socket.on('disconnect', () => {
        clearTimeout(this.expiries.get(socket.id));
        this.expiries.delete(socket.id);
      });
    }
    socket.on('subscribe', (msg: { kind?: unknown; id?: unknown }, ack?: (r: { ok: boolean; room?: string }) => void) => {
      const kind = String(msg?.kind ?? '');
      const room = roomFor(principal, kind, String(msg?.id ?? ''));
      if (room) void socket.join(room);
      const answer = () => (typeof ack === 'function' ? ack(room ? { ok: true, room } : { ok: false }) : undefined);
      // A ticket's page also joins the rooms the ticket belongs to (its queue's ticket pages).
      if (room && kind === 'ticket' && this.ticketRooms) {
        void this.ticketRooms(String(msg?.id))
          .then((rooms) => rooms.length && socket.join(rooms))
          .catch(() => undefined)
          .finally(answer);
      } else answer();
    });
    socket.on('unsubscribe', (msg: { kind?: unknown; id?: unknown }) => {
      const room = roomFor(principal, String(msg?.kind ?? ''), String(msg?.id ?? ''));
      if (room) void socket.leave(room);
    });
  }

  /** Tells a token whether it may use the channel, as `{ auth, tenant }`; 403 otherwise. */
  private async handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only the configured origins' pages may read the answer (a token reaches it in a header, never a cookie).
    const origin = req.headers.origin;
    const cors: Record<string, string> = originAllowed(this.config.corsOrigins, origin)
      ? { 'access-control-allow-origin': origin, vary: 'Origin' }
      : { vary: 'Origin' };
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', ...cors });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(
        204,
        cors['access-control-allow-origin']
          ? { ...cors, 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'POST' }
          : cors,
      );
      return void res.end();
    }
    if (req.url?.split('?')[0] !== '/auth' || req.method !== 'POST') return send(404, { message: 'Not found' });
    const token = bearerToken(req.headers.authorization);
    const principal = token ? await this.sessions.resolve(token).catch(() => null) : null;
    if (!principal) return send(403, { message: 'Unauthenticated' });
    send(200, { auth: true, kind: principal.kind, room: businessRoom(principal.tenantId) });
  }

  /**
   * Sends a change notice to this instance's sockets in the business room and in any narrower
   * rooms named. Local only: the relay of every instance publishes each event to its own
   * sockets, so going through the adapter would deliver every notice once per instance.
   */
  publish(tenantId: string | null, notice: ChangeNotice, rooms: string[] = []): void {
    if (!this.io) return;
    let target = this.io.local.to(rooms);
    if (tenantId) target = target.to(businessRoom(tenantId));
    target.emit('change', notice);
  }

  /** Tells which further rooms a ticket's page joins with it (the queues context answers). */
  onTicketSubscribe(resolve: (uid: string) => Promise<string[]>): void {
    this.ticketRooms = resolve;
  }

  /**
   * Puts the pages already following a ticket into another room (a ticket redirected to another
   * queue), on every instance: only the instance that made the change knows which tickets moved.
   */
  joinTicketPages(uid: string, room: string): void {
    // This instance's pages join at once, before the notice that follows; through the adapter
    // the join waits for its NOTIFY first, and reaches the other instances' pages.
    this.io?.local.in(ticketRoom(uid)).socketsJoin(room);
    this.io?.in(ticketRoom(uid)).socketsJoin(room);
  }

  /**
   * A remote command to one kiosk or display (refresh, logout, go to v1 or v2, auto-login):
   * sent to its own room, which only that device's sessions may join.
   */
  command(tenantId: string, kind: 'kiosk' | 'display', id: string, command: { type: string; [k: string]: unknown }): void {
    this.io?.to(scopedRoom(tenantId, kind, id)).emit('command', command);
  }

  /**
   * Disconnects this instance's sockets that these endings take away (every instance's relay
   * calls it for every event it reads, before announcing what follows). A device is told to log
   * out first, as a remote logout tells it. Resolves once the sessions a recheck asks about are
   * looked up, so that no notice after the ending reaches a socket it ended.
   */
  end(endings: Ending[]): Promise<void> | void {
    if (!this.io || !endings.length) return;
    const sockets = [...this.io.of('/').sockets.values()].filter((s) => s.data.principal);
    const recheck: Socket[] = [];
    for (const socket of sockets) {
      const p = socket.data.principal as Principal;
      for (const e of endings) {
        if (e.tenantId !== p.tenantId) continue;
        const hit =
          e.scope === 'business' ||
          (e.scope === 'sessions' && e.sessionIds.includes(p.sessionId)) ||
          (e.scope === 'device' && p.kind !== 'user' && subjectOf(p) === e.deviceId) ||
          (e.scope === 'user' && p.kind === 'user' && p.userId === e.userId);
        if (!hit) continue;
        if (e.scope === 'user' && e.recheck) recheck.push(socket);
        else {
          this.drop(socket);
          break;
        }
      }
    }
    const unsure = recheck.filter((s) => s.connected);
    if (unsure.length) return this.dropClosed(unsure);
  }

  /** Every socket's session asked again: the bound on a missed ending, and what drops a device made inactive by no event. */
  private async recheckAll(): Promise<void> {
    const sockets = [...(this.io?.of('/').sockets.values() ?? [])].filter((s) => s.data.principal);
    if (sockets.length) await this.dropClosed(sockets).catch((err) => this.log.warn(`sockets not checked: ${String(err)}`));
  }

  private async dropClosed(sockets: Socket[]): Promise<void> {
    const open = await this.sessions.stillOpen(sockets.map((s) => s.data.principal as Principal));
    for (const s of sockets) if (!open.has((s.data.principal as Principal).sessionId)) this.drop(s);
  }

  /** A staff session's expiry moves with its use: at the time it had, its socket asks again. */
  private expireAt(socket: Socket, at: Date | null): void {
    clearTimeout(this.expiries.get(socket.id));
    if (!at) return void this.expiries.delete(socket.id);
    const timer = setTimeout(
      () => {
        const principal = socket.data.principal as Principal;
        this.sessions
          .stillOpen([principal])
          .then((open) => (open.has(principal.sessionId) ? this.expireAt(socket, open.get(principal.sessionId)!) : this.drop(socket)))
          .catch(() => this.expireAt(socket, new Date(Date.now() + RECHECK_MS)));
      },
      Math.min(Math.max(at.getTime() - Date.now(), 0) + 50, MAX_TIMER_MS),
    );
    timer.unref();
    this.expiries.set(socket.id, timer);
  }

  private drop(socket: Socket): void {
    if (!socket.connected) return;
    if ((socket.data.principal as Principal).kind !== 'user') socket.emit('command', { type: 'logout' });
    socket.disconnect(true);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.recheck) clearInterval(this.recheck);
    for (const timer of this.expiries.values()) clearTimeout(timer);
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
    await this.closeAdapter?.();
    this.log.debug('closed');
  }
}
