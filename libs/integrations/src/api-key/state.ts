import type { ApiKeyScope } from '@tabour/contracts';

export type ApiKeyState = { status: 'none' } | { status: 'active' | 'revoked'; business_id: string; scopes: ApiKeyScope[] };

export const initialApiKeyState = (): ApiKeyState => ({ status: 'none' });

/** An integrator's key: stream `apikey-<id>`. The token's hash is kept beside, never in an event. */
export const apiKeyStream = (id: string) => `apikey-${id}`;
