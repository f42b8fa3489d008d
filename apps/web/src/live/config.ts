import { api } from '../data/http';
import type { BroadcastConfig } from './channel';

let config: Promise<BroadcastConfig> | null = null;

/** Where the broadcast channel listens: asked once per page; a failed answer is asked again next time. */
export function broadcastConfig(): Promise<BroadcastConfig> {
  config ??= api<BroadcastConfig>('/broadcast/config', { anonymous: true }).catch((e) => {
    config = null;
    throw e;
  });
  return config;
}
