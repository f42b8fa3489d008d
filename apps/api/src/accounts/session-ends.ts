import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sessionEndDecider, sessionEndStream, type SessionEndReason, type SessionKind, type SessionsEnded } from '@tabour/accounts';
import type { Actor, InlineProjection } from '@tabour/eventstore';
import type { Database, Principal } from '@tabour/platform';
import '@tabour/devices';
import { Commands } from '../common/commands';

type DeviceIds = { business_id: string; kiosk_id?: string; display_id?: string };
type Ending =
  | SessionsEnded
  | { type: 'KioskSecretReset' | 'KioskDeleted' | 'DisplaySecretReset' | 'DisplayDeleted'; data: DeviceIds }
  | { type: 'BusinessAccountDeleted'; data: { business_id: string } };

/**
 * Ends sessions in the commit of the event that ends them, so that an instance reading the event
 * finds them ended in the tables too (docs/security.md, "Access that ends"): a logout
 * (SessionsEnded), a device's secret reset or deletion, a business's deletion. Passwords and
 * removed logins end theirs in SecretWrites. The sessions are operational rows, not history: a
 * replay finds them gone already and changes nothing, so there is nothing to rebuild.
 */
export const sessionEndings: InlineProjection<Ending, Database> = {
  name: 'accounts.session_endings',
  handles: ['SessionsEnded', 'KioskSecretReset', 'KioskDeleted', 'DisplaySecretReset', 'DisplayDeleted', 'BusinessAccountDeleted'],
  async apply(db, events) {
    const revoke = (tenant: string, at: Date) =>
      db.updateTable('device_sessions').set({ revoked_at: at }).where('tenant_id', '=', tenant).where('revoked_at', 'is', null);
    for (const e of events) {
      const tenant = e.data.business_id;
      switch (e.type) {
        case 'SessionsEnded': {
          const { kind, subject_id, session_ids } = e.data;
          if (kind === 'user') {
            let q = db.deleteFrom('sessions').where('tenant_id', '=', tenant).where('user_id', '=', subject_id);
            if (session_ids) q = q.where('id', 'in', session_ids);
            await q.execute();
          } else {
            let q = revoke(tenant, e.recordedAt).where('device_id', '=', subject_id);
            if (session_ids) q = q.where('id', 'in', session_ids);
            await q.execute();
          }
          break;
        }
        case 'BusinessAccountDeleted':
          await revoke(tenant, e.recordedAt).execute();
          await db.deleteFrom('sessions').where('tenant_id', '=', tenant).execute();
          break;
        default: {
          const device = e.data.kiosk_id ?? e.data.display_id;
          if (device) await revoke(tenant, e.recordedAt).where('device_id', '=', device).execute();
        }
      }
    }
  },
};

/** Logouts, and a device's sessions ended from the back-office, as SessionsEnded in the log. */
@Injectable()
export class SessionEnds {
  constructor(private readonly commands: Commands) {}

  /** The caller's own session: a staff member's, a kiosk's or a display's logout. */
  logout(principal: Principal, reason: SessionEndReason = 'logout'): Promise<void> {
    const [kind, subject]: [SessionKind, string] =
      principal.kind === 'user' ? ['user', principal.userId] : principal.kind === 'kiosk' ? ['kiosk', principal.kioskId] : ['display', principal.displayId];
    const actor: Actor = principal.kind === 'user' ? { type: 'user', id: principal.userId, name: principal.name } : { type: principal.kind, id: subject };
    return this.end(principal.tenantId, kind, subject, [principal.sessionId], reason, actor);
  }

  /** Every session of a device (a remote logout). */
  device(tenantId: string, kind: 'kiosk' | 'display', deviceId: string, actor: Actor): Promise<void> {
    return this.end(tenantId, kind, deviceId, null, 'remote_logout', actor);
  }

  private async end(tenantId: string, kind: SessionKind, subject: string, sessionIds: string[] | null, reason: SessionEndReason, actor: Actor): Promise<void> {
    const id = randomUUID();
    await this.commands.run(
      sessionEndDecider,
      sessionEndStream(id),
      { type: 'EndSessions', business_id: tenantId, kind, subject_id: subject, session_ids: sessionIds, reason },
      { tenantId, actor, fresh: true },
    );
  }
}
