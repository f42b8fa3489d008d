import type { DisplaySettings } from '@tabour/contracts';

type Ids = { display_id: string; business_id: string };
export type DisplayCommand =
  | (Ids & { type: 'CreateDisplay'; key: string; settings: DisplaySettings })
  | (Ids & { type: 'UpdateDisplay'; changes: Partial<DisplaySettings> })
  | (Ids & { type: 'ResetDisplaySecret' })
  | (Ids & { type: 'DeleteDisplay' });
