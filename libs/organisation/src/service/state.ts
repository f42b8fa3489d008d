import type { ServiceFields } from './commands';

export type ServiceState = { status: 'none' } | ({ status: 'active' | 'deleted'; business_id: string } & ServiceFields);

export const initialServiceState = (): ServiceState => ({ status: 'none' });

export const serviceStream = (id: string) => `service-${id}`;
