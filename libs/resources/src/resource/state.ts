import type { ResourceFields } from './commands';

export type ResourceState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string } & ResourceFields);

export const initialResourceState = (): ResourceState => ({ status: 'none' });

export const resourceStream = (id: string) => `resource-${id}`;
