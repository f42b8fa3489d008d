import type { BroadcastConfig } from '@tabour/contracts';
import { getBroadcastConfig } from '../data/broadcast';

let config: Promise<BroadcastConfig> | null = null;

/** Where the broadcast channel listens: asked once per page; a failed answer is asked again next time. */
export function broadcastConfig(): Promise<BroadcastConfig> {
  config ??= getBroadcastConfig().catch((e) => {
    config = null;
    throw e;
  });
  return config;
}
