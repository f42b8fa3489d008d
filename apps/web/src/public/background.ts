/** The login page's look: chosen by the host name's first label, else the stored server choice. */
export type Server = 'tn' | 'gb' | 'ci';
export const SERVERS: Server[] = ['tn', 'gb', 'ci'];
export const SERVER_KEY = 'tabour.server';

/** Two tenants have backgrounds of their own. */
export const SPECIAL_TENANTS = ['tt', 'sante'] as const;
export type Backdrop = Server | (typeof SPECIAL_TENANTS)[number];

export function backdropFor(hostname: string, stored: string | null | undefined): Backdrop {
  const first = hostname.toLowerCase().split('.')[0];
  if ((SPECIAL_TENANTS as readonly string[]).includes(first)) return first as Backdrop;
  if ((SERVERS as string[]).includes(first)) return first as Server;
  if (stored && (SERVERS as string[]).includes(stored)) return stored as Server;
  return 'tn';
}

/** Gradients with the flag colours of each server's country; drawn in CSS, nothing downloaded. */
export const BACKDROPS: Record<Backdrop, string> = {
  tn: 'linear-gradient(135deg, #e70013 0%, #b0000f 55%, #6d0009 100%)',
  gb: 'linear-gradient(135deg, #012169 0%, #1d3d8f 50%, #c8102e 100%)',
  ci: 'linear-gradient(120deg, #f77f00 0%, #f7a440 40%, #ffffff 50%, #5fbf7a 60%, #009e60 100%)',
  tt: 'linear-gradient(135deg, #1b2a6b 0%, #2f56c0 60%, #f2b705 100%)',
  sante: 'linear-gradient(135deg, #00695c 0%, #26a69a 60%, #e0f2f1 100%)',
};
