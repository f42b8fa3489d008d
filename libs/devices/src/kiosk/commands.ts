import type { KioskSettings } from '@tabour/contracts';

type Ids = { kiosk_id: string; business_id: string };
export type KioskCommand =
  | (Ids & { type: 'CreateKiosk'; key: string; settings: KioskSettings })
  | (Ids & { type: 'UpdateKiosk'; changes: Partial<KioskSettings> })
  | (Ids & { type: 'ResetKioskSecret' })
  | (Ids & { type: 'DeleteKiosk' });
