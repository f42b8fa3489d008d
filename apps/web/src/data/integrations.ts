/** The integrations screen's calls (docs/integrations.md): API keys and webhooks, typed by the contract. */
import type { ApiKey, ApiKeyScope, CreatedApiKey, Page, Webhook, WebhookDelivery, WebhookReplay, WebhookWithSecret } from '@tabour/contracts';
import { api } from './http';

const KEYS = '/business/integrations/keys';
const HOOKS = '/business/integrations/webhooks';
const hook = (id: string) => `${HOOKS}/${encodeURIComponent(id)}`;

export const listApiKeys = () => api<Page<ApiKey>>(`${KEYS}?pagination=off`);
export const createApiKey = (name: string, scopes: ApiKeyScope[]) => api<CreatedApiKey>(`${KEYS}/create`, { method: 'PUT', body: { name, scopes } });
export const revokeApiKey = (id: string) => api(`${KEYS}/${encodeURIComponent(id)}/revoke`, { method: 'POST' });

export const listWebhooks = () => api<Page<Webhook>>(HOOKS);
export const createWebhook = (body: unknown) => api<WebhookWithSecret>(HOOKS, { method: 'POST', body });
export const updateWebhook = (id: string, body: unknown) => api(hook(id), { method: 'PATCH', body });
export const deleteWebhook = (id: string) => api(hook(id), { method: 'DELETE' });
export const rotateWebhookSecret = (id: string) => api<WebhookWithSecret>(`${hook(id)}/secret`, { method: 'POST' });

/** The delivery log's address: its page and the status filter. */
export function deliveriesPath(id: string, page: number, perPage: number, status: string): string {
  const q = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (status) q.set('status', status);
  return `${HOOKS}/${id}/deliveries?${q.toString()}`;
}
export const listDeliveries = (id: string, page: number, perPage: number, status: string) =>
  api<Page<WebhookDelivery>>(deliveriesPath(id, page, perPage, status));
export const redeliver = (id: string, deliveryId: string) => api(`${hook(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: 'POST' });
export const replayWebhook = (id: string, fromPosition: number) =>
  api<WebhookReplay>(`${hook(id)}/replay`, { method: 'POST', body: { from_position: fromPosition } });
