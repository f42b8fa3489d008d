import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import '@tabour/devices';
import { Db } from '@tabour/platform';
import { DEVICE_TOKEN_PREFIX } from '../accounts/sessions.service';
import { newToken, sha256 } from '../accounts/secrets';
import { DB } from '../common/tokens';

export type DeviceKind = 'kiosk' | 'display';

/** What a device is given once, at creation or reset: never stored, never shown again. */
export interface IssuedCredentials {
  secret: string;
  autologin_token: string;
}

/** A device's public key: short enough to type on a kiosk, unique across the installation. */
export const newDeviceKey = (kind: DeviceKind) => `${kind === 'kiosk' ? 'K' : 'D'}-${randomBytes(6).toString('hex').toUpperCase()}`;

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Secrets, auto-login tokens and sessions of kiosks and displays. Secrets are 192-bit random
 * values, so a SHA-256 of them is as safe to store as a slow password hash and cheap to check
 * on every login. None of this is an event: a secret must not outlive its reset in a log.
 */
@Injectable()
export class DeviceCredentials {
  constructor(@Inject(DB) private readonly db: Db) {}

  async issue(kind: DeviceKind, deviceId: string, tenantId: string): Promise<IssuedCredentials> {
    const issued = { secret: randomBytes(24).toString('base64url'), autologin_token: `${kind}-auto-${randomBytes(32).toString('base64url')}` };
    const row = {
      device_id: deviceId,
      tenant_id: tenantId,
      kind,
      secret_hash: sha256(issued.secret),
      autologin_hash: sha256(issued.autologin_token),
      updated_at: new Date(),
    };
    await this.db
      .insertInto('device_credentials')
      .values(row)
      .onConflict((oc) => oc.column('device_id').doUpdateSet(row))
      .execute();
    return issued;
  }

  async forget(deviceId: string): Promise<void> {
    await this.db.deleteFrom('device_credentials').where('device_id', '=', deviceId).execute();
    await this.revokeAll(deviceId);
  }

  /** The device a key and secret (or an auto-login token) name, whatever its status; null when they do not match. */
  async check(
    kind: DeviceKind,
    input: { key?: string; secret?: string; token?: string },
  ): Promise<{ id: string; tenant_id: string; status: string; settings: Record<string, unknown> } | null> {
    const table = kind === 'kiosk' ? 'kiosks' : 'displays';
    const base = this.db
      .selectFrom(`${table} as d`)
      .innerJoin('device_credentials as c', 'c.device_id', 'd.id')
      .select(['d.id', 'd.tenant_id', 'd.status', 'd.settings', 'c.secret_hash', 'c.autologin_hash']);
    if (input.token) {
      const row = await base.where('c.autologin_hash', '=', sha256(input.token)).executeTakeFirst();
      return row ?? null;
    }
    if (!input.key || !input.secret) return null;
    const row = await base.where('d.key', '=', input.key.trim().toUpperCase()).executeTakeFirst();
    if (!row || !same(row.secret_hash, sha256(input.secret))) return null;
    return row;
  }

  async open(kind: DeviceKind, deviceId: string, tenantId: string, ip: string | null): Promise<string> {
    const token = `${DEVICE_TOKEN_PREFIX}${newToken()}`;
    const now = new Date();
    await this.db
      .insertInto('device_sessions')
      .values({
        id: randomUUID(),
        token_hash: sha256(token),
        kind,
        device_id: deviceId,
        tenant_id: tenantId,
        ip,
        created_at: now,
        last_seen_at: now,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  async session(sessionId: string) {
    return this.db.selectFrom('device_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('device_sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  async revokeAll(deviceId: string): Promise<number> {
    const r = await this.db
      .updateTable('device_sessions')
      .set({ revoked_at: new Date() })
      .where('device_id', '=', deviceId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Sessions still open per device, with the last time each was seen (the devices' "last seen"). */
  async activity(deviceIds: string[]): Promise<Map<string, { sessions: number; last_seen_at: Date | null }>> {
    const out = new Map<string, { sessions: number; last_seen_at: Date | null }>();
    if (!deviceIds.length) return out;
    const rows = await this.db
      .selectFrom('device_sessions')
      .select(['device_id', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.max('last_seen_at').as('last')])
      .where('device_id', 'in', deviceIds)
      .where('revoked_at', 'is', null)
      .groupBy('device_id')
      .execute();
    for (const r of rows) out.set(r.device_id, { sessions: Number(r.n), last_seen_at: (r.last as Date | null) ?? null });
    return out;
  }

  async touch(sessionId: string, at = new Date()): Promise<void> {
    await this.db.updateTable('device_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
  }
}

export { same as sameSecret };
