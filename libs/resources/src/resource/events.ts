import type { ResourceFields } from './commands';

interface Ids {
  resource_id: string;
  business_id: string;
}

export type ResourceEvent =
  | { type: 'ResourceCreated'; data: Ids & ResourceFields }
  | { type: 'ResourceUpdated'; data: Ids & { changes: Partial<ResourceFields> } }
  | { type: 'ResourceDeleted'; data: Ids };

export const RESOURCE_EVENT_TYPES = ['ResourceCreated', 'ResourceUpdated', 'ResourceDeleted'] as const;
