import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db, Principal, Role } from '@tabour/platform';
import '@tabour/accounts';
import '@tabour/devices';
import { SessionResolver } from '../common/auth';
import { DB } from '../common/tokens';
import { Clock } from './clock';
import { newToken, sha256 } from './secrets';

/** A session lives 12 hours past its last use, and never more than 7 days. */
export const IDLE_MS = 12 * 3600 * 1000;
export const MAX_MS = 7 * 24 * 3600 * 1000;
// Extending on every call would write on every request; a few minutes of slack is enough.
const TOUCH_MS = 5 * 60 * 1000;

/**
 * Opaque bearer tokens. Only the token's sha256 is stored; every call reads the row, so a
 * logout, a removal or a password change ends a token at once (nothing is cached).
 */
@Injectable()
export class SessionService extends SessionResolver {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly clock: Clock,
  ) {
    super();
  }

  async open(user: { id: string; tenant_id: string }, ip: string | null): Promise<{ token: string; sessionId: string }> {
    const token = newToken();
    const now = this.clock.now();
    const id = randomUUID();
    await this.db
      .insertInto('sessions')
      .values({
        id,
        token_hash: sha256(token),
        user_id: user.id,
        tenant_id: user.tenant_id,
        ip,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + IDLE_MS),
      })
      .execute();
    return { token, sessionId: id };
  }

  async resolve(token: string): Promise<Principal | null> {
    if (token.startsWith(DEVICE_TOKEN_PREFIX)) return this.resolveDevice(token);
    const now = this.clock.now();
    const row = await this.staffSessions(now)
      .select(['s.created_at', 's.last_seen_at', 'u.role', 'u.email', 'u.first_name', 'u.last_name'])
      .where('s.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row) return null;
    if (now.getTime() - row.last_seen_at.getTime() > TOUCH_MS) {
      const expires = new Date(Math.min(now.getTime() + IDLE_MS, row.created_at.getTime() + MAX_MS));
      await this.db.updateTable('sessions').set({ last_seen_at: now, expires_at: expires }).where('id', '=', row.id).execute();
    }
    return {
      kind: 'user',
      tenantId: row.tenant_id,
      userId: row.user_id,
      role: row.role as Role,
      email: row.email,
      name: `${row.first_name} ${row.last_name}`.trim(),
      sessionId: row.id,
    };
  }

  /**
   * The same rules as `resolve`, by session id and for many at once (the sockets of an instance):
   * a staff session until it expires, a device's until it is ended.
   */
  async stillOpen(principals: Principal[]): Promise<Map<string, Date | null>> {
    const open = new Map<string, Date | null>();
    const staff = [...new Set(principals.filter((p) => p.kind === 'user').map((p) => p.sessionId))];
    const devices = [...new Set(principals.filter((p) => p.kind !== 'user').map((p) => p.sessionId))];
    if (staff.length)
      for (const r of await this.staffSessions(this.clock.now()).select('s.expires_at').where('s.id', 'in', staff).execute()) open.set(r.id, r.expires_at);
    if (devices.length) for (const r of await this.deviceSessions().where('s.id', 'in', devices).execute()) if (deviceActive(r)) open.set(r.id, null);
    return open;
  }

  /**
   * A kiosk's or display's token (docs/devices.md): valid while not revoked, while its device
   * exists and is active, and while its business is approved and not deleted. Devices hold their session until
   * it is revoked (logout, secret reset, deletion), as a screen in a hall cannot log in daily.
   */
  private async resolveDevice(token: string): Promise<Principal | null> {
    const row = await this.deviceSessions().where('s.token_hash', '=', sha256(token)).executeTakeFirst();
    if (!row || !deviceActive(row)) return null;
    return row.kind === 'kiosk'
      ? { kind: 'kiosk', tenantId: row.tenant_id, kioskId: row.device_id, sessionId: row.id }
      : { kind: 'display', tenantId: row.tenant_id, displayId: row.device_id, sessionId: row.id };
  }

  /** Staff sessions that open: not expired, of a login that exists, of an approved business that is not deleted. */
  private staffSessions(now: Date) {
    return this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('business_accounts as b', 'b.tenant_id', 'u.tenant_id')
      .select(['s.id', 'u.id as user_id', 'u.tenant_id'])
      .where('s.expires_at', '>', now)
      .where('b.status', '=', 'approved')
      .where('b.deleted_at', 'is', null);
  }

  /** Device sessions not ended, of an approved business that is not deleted; the device's status is checked on the row. */
  private deviceSessions() {
    return this.db
      .selectFrom('device_sessions as s')
      .innerJoin('business_accounts as b', 'b.tenant_id', 's.tenant_id')
      .leftJoin('kiosks as k', (j) => j.onRef('k.id', '=', 's.device_id').on('s.kind', '=', 'kiosk'))
      .leftJoin('displays as d', (j) => j.onRef('d.id', '=', 's.device_id').on('s.kind', '=', 'display'))
      .select(['s.id', 's.kind', 's.device_id', 's.tenant_id', 'k.status as kiosk_status', 'd.status as display_status'])
      .where('s.revoked_at', 'is', null)
      .where('b.status', '=', 'approved')
      .where('b.deleted_at', 'is', null);
  }
}

const deviceActive = (row: { kind: string; kiosk_status: string | null; display_status: string | null }) =>
  (row.kind === 'kiosk' ? row.kiosk_status : row.display_status) === 'active';

/** Device tokens are told apart from staff tokens by their prefix, so each is looked up in its own table. */
export const DEVICE_TOKEN_PREFIX = 'dev_';
