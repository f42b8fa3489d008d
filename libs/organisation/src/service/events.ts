import type { ServiceFields } from './commands';

export type ServiceEvent =
  | { type: 'ServiceCreated'; data: { service_id: string; business_id: string } & ServiceFields }
  | { type: 'ServiceUpdated'; data: { service_id: string; business_id: string; changes: Partial<ServiceFields> } }
  | { type: 'ServiceDeleted'; data: { service_id: string; business_id: string } };

export const SERVICE_EVENT_TYPES = ['ServiceCreated', 'ServiceUpdated', 'ServiceDeleted'] as const;
