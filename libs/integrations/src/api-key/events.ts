import type { ApiKeyScope } from '@tabour/contracts';

export type ApiKeyEvent =
  | { type: 'ApiKeyCreated'; data: { key_id: string; business_id: string; name: string; scopes: ApiKeyScope[]; prefix: string; created_by: string | null } }
  | { type: 'ApiKeyRevoked'; data: { key_id: string; business_id: string } };

export const API_KEY_EVENT_TYPES = ['ApiKeyCreated', 'ApiKeyRevoked'] as const satisfies readonly ApiKeyEvent['type'][];
