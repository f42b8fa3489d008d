import type { KioskSettings } from '@tabour/contracts';

type Ids = { kiosk_id: string; business_id: string };
/** No event carries the secret or the auto-login token, nor their hashes: those live in device_credentials. */
export type KioskEvent =
  | { type: 'KioskCreated'; data: Ids & { key: string; settings: KioskSettings } }
  | { type: 'KioskUpdated'; data: Ids & { changes: Partial<KioskSettings> } }
  | { type: 'KioskSecretReset'; data: Ids }
  | { type: 'KioskDeleted'; data: Ids };
export const KIOSK_EVENT_TYPES = ['KioskCreated', 'KioskUpdated', 'KioskSecretReset', 'KioskDeleted'] as const;
