import type { ResourceKind } from '@tabour/contracts';

export interface ResourceFields {
  name: string;
  kind: ResourceKind;
  capacity: number;
  department_ids: string[];
  active: boolean;
}

export const RESOURCE_DEFAULTS: Omit<ResourceFields, 'name'> = { kind: 'room', capacity: 1, department_ids: [], active: true };

interface Ids {
  resource_id: string;
  business_id: string;
}

/**
 * `known_department_ids`: which of the departments named are the business's, read by the caller
 * from the organisation's tables, so the decision reads no table.
 */
export type ResourceCommand =
  | (Ids & { type: 'CreateResource'; fields: Partial<ResourceFields>; known_department_ids: string[] })
  | (Ids & { type: 'UpdateResource'; fields: Partial<ResourceFields>; known_department_ids: string[] })
  | (Ids & { type: 'DeleteResource' });
