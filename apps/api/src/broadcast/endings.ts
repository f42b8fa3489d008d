import type { RecordedEvent } from '@tabour/eventstore';

/**
 * What a committed event takes away, as every API instance reads it from the log
 * (docs/security.md, "Access that ends"). `recheck`: the event ends some of the subject's
 * sessions and not others (a password change keeps the session that made it), so the holder asks
 * the sessions table, which the event's own commit already changed.
 */
export type Ending =
  | { scope: 'business'; tenantId: string }
  | { scope: 'user'; tenantId: string; userId: string; recheck: boolean }
  | { scope: 'device'; tenantId: string; deviceId: string }
  | { scope: 'sessions'; tenantId: string; sessionIds: string[] }
  | { scope: 'key'; tenantId: string; keyId: string };

type Data = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The ending an event records, or null for the events that end nothing. */
export function endingOf(e: Pick<RecordedEvent, 'type' | 'data' | 'tenantId'>): Ending | null {
  const d = (e.data ?? {}) as Data;
  const tenantId = str(d.business_id) ?? e.tenantId;
  if (!tenantId) return null;
  switch (e.type) {
    case 'BusinessAccountDeleted':
      return { scope: 'business', tenantId };
    case 'UserRemoved':
    case 'UserPasswordChanged': {
      const userId = str(d.user_id);
      return userId ? { scope: 'user', tenantId, userId, recheck: e.type === 'UserPasswordChanged' } : null;
    }
    case 'SessionsEnded': {
      const ids = Array.isArray(d.session_ids) ? d.session_ids.filter((x): x is string => typeof x === 'string') : null;
      if (ids) return { scope: 'sessions', tenantId, sessionIds: ids };
      const deviceId = str(d.subject_id);
      if (!deviceId) return null;
      return d.kind === 'user' ? { scope: 'user', tenantId, userId: deviceId, recheck: false } : { scope: 'device', tenantId, deviceId };
    }
    case 'KioskSecretReset':
    case 'KioskDeleted':
    case 'DisplaySecretReset':
    case 'DisplayDeleted': {
      const deviceId = str(d.kiosk_id) ?? str(d.display_id);
      return deviceId ? { scope: 'device', tenantId, deviceId } : null;
    }
    case 'KioskUpdated':
    case 'DisplayUpdated': {
      // An inactive device's sessions stay, refused until it is active again: its sockets go.
      const status = (d.changes as Data | undefined)?.status;
      const deviceId = str(d.kiosk_id) ?? str(d.display_id);
      return deviceId && status !== undefined && status !== 'active' ? { scope: 'device', tenantId, deviceId } : null;
    }
    case 'ApiKeyRevoked': {
      const keyId = str(d.key_id);
      return keyId ? { scope: 'key', tenantId, keyId } : null;
    }
    default:
      return null;
  }
}

/** The endings of a batch, in the log's order. */
export const endingsOf = (events: Pick<RecordedEvent, 'type' | 'data' | 'tenantId'>[]): Ending[] => events.map(endingOf).filter((x): x is Ending => x !== null);
