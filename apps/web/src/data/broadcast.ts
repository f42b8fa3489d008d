/** Where the broadcast channel listens: asked without a token, by the back office, a device and a ticket's page alike. */
import type { BroadcastConfig } from '@tabour/contracts';
import { api } from './http';

export const getBroadcastConfig = () => api<BroadcastConfig>('/broadcast/config', { anonymous: true });
