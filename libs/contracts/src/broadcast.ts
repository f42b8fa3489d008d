/** Where browsers find the broadcast channel (GET /broadcast/config): its port (null: the page's own) and path. */
export interface BroadcastConfig {
  port: number | null;
  path: string;
}
