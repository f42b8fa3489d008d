import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Notification, Pool, PoolClient } from 'pg';
import { createPool } from '@tabour/platform';

/** The table of the migration 20261124100000_broadcast_adapter. */
export const ADAPTER_TABLE = 'broadcast_attachments';
/** NOTIFY channels are `broadcast#<namespace>`; each database has its own, so installations never mix. */
export const ADAPTER_CHANNEL = 'broadcast';
/** The installation's key for the notices' headers, in `installation_secrets`. */
export const ADAPTER_KEY_NAME = 'broadcast';
/** How old a header may be: the adapter deletes attachments after 30 s. */
const HEADER_MAX_AGE_MS = 30_000;
/** The statement the adapter sends each notice with. */
const NOTIFY_TEXT = 'SELECT pg_notify($1, $2)';

/**
 * The pool as the adapter sees it: a connection it holds for LISTEN is handed back to the pool
 * when its server process ends. The adapter only forgets it and takes another, so each lost
 * connection would otherwise stay counted until the pool had no room left for a new LISTEN.
 */
function releasingOnEnd(pool: Pool): Pool {
  const view = Object.create(pool) as Pool;
  view.connect = (async () => {
    const client: PoolClient = await pool.connect();
    client.once('end', () => {
      try {
        client.release(true);
      } catch {
        // Already handed back: the pool dropped it itself.
      }
    });
    return client;
  }) as Pool['connect'];
  view.query = pool.query.bind(pool) as Pool['query'];
  return view;
}

interface Header {
  uid: string;
  type: number;
  attachmentId: string;
  nsp: string;
  ts: number;
  mac: string;
}

/**
 * Signs and checks the adapter's notices (docs/security.md, "Broadcast"). Every message travels
 * in the attachments table (`payloadThreshold: 0`), so NOTIFY carries only its header: the
 * sender's uid, the message type and the row's id, which a listener learns nothing from. The
 * header is signed with the installation's key (HMAC-SHA-256, with the channel and the time),
 * which only the product's role can read; a header that is unsigned, badly signed, older than
 * the attachments live, or seen before is dropped, so a notice another session sends (or
 * replays) reaches no socket. The truth is the row, which only the product's role can write.
 */
export class NoticeSigner {
  private key?: Buffer;
  private loading?: Promise<Buffer>;
  private readonly seen = new Map<string, number>();
  dropped = 0;

  constructor(
    private readonly pool: Pool,
    private readonly log: Logger,
  ) {}

  private async loadKey(): Promise<Buffer> {
    if (this.key) return this.key;
    this.loading ??= (async () => {
      // The first instance to insert it wins; the others read it.
      await this.pool.query(`INSERT INTO installation_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
        ADAPTER_KEY_NAME,
        JSON.stringify({ key: randomBytes(32).toString('base64') }),
      ]);
      const res = await this.pool.query<{ value: { key: string } }>('SELECT value FROM installation_secrets WHERE name = $1', [ADAPTER_KEY_NAME]);
      this.key = Buffer.from(res.rows[0].value.key, 'base64');
      return this.key;
    })().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private mac(key: Buffer, channel: string, h: Omit<Header, 'mac'>): string {
    return createHmac('sha256', key).update([channel, h.uid, h.type, h.attachmentId, h.nsp, h.ts].join('\n')).digest('base64url');
  }

  /** The header the adapter wrote, signed; anything else the adapter sends is refused here. */
  async sign(channel: string, payload: string): Promise<string> {
    const key = await this.loadKey();
    const h = JSON.parse(payload) as Partial<Header>;
    if (h.attachmentId === undefined || typeof h.uid !== 'string' || typeof h.type !== 'number') {
      throw new Error('the broadcast adapter sent a message without its attachment');
    }
    const header = { uid: h.uid, type: h.type, attachmentId: String(h.attachmentId), nsp: channel.slice(ADAPTER_CHANNEL.length + 1), ts: Date.now() };
    return JSON.stringify({ ...header, mac: this.mac(key, channel, header) });
  }

  /** The header to hand the adapter, or null when the notice is not the product's own, fresh and new. */
  async verify(channel: string, payload: string | undefined): Promise<string | null> {
    const key = await this.loadKey();
    let h: Partial<Header>;
    try {
      h = JSON.parse(payload ?? '') as Partial<Header>;
    } catch {
      return this.drop(channel, 'not JSON');
    }
    if (
      typeof h.mac !== 'string' ||
      typeof h.uid !== 'string' ||
      typeof h.type !== 'number' ||
      typeof h.attachmentId !== 'string' ||
      typeof h.nsp !== 'string' ||
      typeof h.ts !== 'number'
    ) {
      return this.drop(channel, 'unsigned');
    }
    const expected = Buffer.from(this.mac(key, channel, { uid: h.uid, type: h.type, attachmentId: h.attachmentId, nsp: h.nsp, ts: h.ts }));
    const given = Buffer.from(h.mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return this.drop(channel, 'badly signed');
    const now = Date.now();
    if (Math.abs(now - h.ts) > HEADER_MAX_AGE_MS) return this.drop(channel, 'stale');
    for (const [id, at] of this.seen) if (now - at > 2 * HEADER_MAX_AGE_MS) this.seen.delete(id);
    if (this.seen.has(h.attachmentId)) return this.drop(channel, 'replayed');
    this.seen.set(h.attachmentId, now);
    return JSON.stringify({ uid: h.uid, type: h.type, attachmentId: h.attachmentId, nsp: h.nsp });
  }

  private drop(channel: string, why: string): null {
    // Told once, then every hundredth: a flood of forged notices must not flood the log too.
    if (this.dropped++ % 100 === 0) this.log.warn(`dropped a notice on ${channel} (${why}; ${this.dropped} so far)`);
    return null;
  }
}

const WRAPPED = Symbol('notifications checked');

/** The pool as the adapter sees it, with its notices signed on the way out and checked on the way in. */
function signed(pool: Pool, signer: NoticeSigner, onError: (err: Error) => void): Pool {
  const view = Object.create(pool) as Pool;
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  view.connect = (async () => {
    const client = await connect();
    const marked = client as PoolClient & { [WRAPPED]?: boolean };
    if (!marked[WRAPPED]) {
      marked[WRAPPED] = true;
      const on = client.on.bind(client);
      (client as { on: unknown }).on = (event: string, listener: (...args: unknown[]) => void) => {
        if (event !== 'notification') return on(event as 'end', listener as () => void);
        return on('notification', (msg: Notification) => {
          signer.verify(msg.channel, msg.payload).then(
            (header) => header !== null && listener({ ...msg, payload: header }),
            (err: Error) => onError(err),
          );
        });
      };
    }
    return client;
  }) as Pool['connect'];
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<unknown>;
  view.query = (async (text: string, values?: unknown[]) => {
    if (text === NOTIFY_TEXT && Array.isArray(values)) {
      const [channel, payload] = values as [string, string];
      return query(text, [channel, await signer.sign(channel, payload)]);
    }
    return query(text, values);
  }) as unknown as Pool['query'];
  return view;
}

/**
 * The socket.io adapter that lets every API instance reach the sockets held by the others,
 * through the PostgreSQL they already share (no Redis to run). Its own small pool: one
 * connection listens for the whole process, another sends. A lost LISTEN connection is opened
 * again by the adapter (about 2 s later) and listens again on every channel.
 */
export function postgresAdapter(databaseUrl: string) {
  const log = new Logger('broadcast.adapter');
  const pool = createPool(databaseUrl, 3);
  const errorHandler = (err: Error) => log.warn(`adapter: ${err.message}`);
  const signer = new NoticeSigner(pool, log);
  const adapter = createAdapter(signed(releasingOnEnd(pool), signer, errorHandler), {
    tableName: ADAPTER_TABLE,
    channelPrefix: ADAPTER_CHANNEL,
    // Every message through the table: NOTIFY carries only a signed header.
    payloadThreshold: 0,
    errorHandler,
  });
  // Closing twice (an application closed again after a failure) is not an error that should hide the failure.
  let closing: Promise<void> | undefined;
  return { adapter, signer, close: () => (closing ??= pool.end()) };
}
