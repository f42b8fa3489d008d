import type { DisplaySettings } from '@tabour/contracts';

type Ids = { display_id: string; business_id: string };
export type DisplayEvent =
  | { type: 'DisplayCreated'; data: Ids & { key: string; settings: DisplaySettings } }
  | { type: 'DisplayUpdated'; data: Ids & { changes: Partial<DisplaySettings> } }
  | { type: 'DisplaySecretReset'; data: Ids }
  | { type: 'DisplayDeleted'; data: Ids };
export const DISPLAY_EVENT_TYPES = ['DisplayCreated', 'DisplayUpdated', 'DisplaySecretReset', 'DisplayDeleted'] as const;
