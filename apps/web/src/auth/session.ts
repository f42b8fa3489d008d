/** The staff session kept in local storage (docs/product.md#sessions): token, user with role, business. */
export interface SessionUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone?: string | null;
  language?: string | null;
  role: string;
  position?: string;
  business_id?: string;
}

export interface SessionBusiness {
  id: string;
  name: string;
  organization_id?: string | null;
  status?: string;
  membership?: { package?: string | null } | null;
  permissions?: Record<string, boolean>;
}

export interface Session {
  token: string;
  user: SessionUser;
  business: SessionBusiness;
}

export const SESSION_KEY = 'tabour.session';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storage = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Session;
    return s && typeof s.token === 'string' && s.user && typeof s.user.role === 'string' && s.business ? s : null;
  } catch {
    return null;
  }
}

export function readSession(store: Store | null = storage()): Session | null {
  return parseSession(store?.getItem(SESSION_KEY) ?? null);
}

export function saveSession(session: Session, store: Store | null = storage()): void {
  store?.setItem(SESSION_KEY, JSON.stringify({ token: session.token, user: session.user, business: session.business }));
}

export function clearSession(store: Store | null = storage()): void {
  store?.removeItem(SESSION_KEY);
}

export function subjectOf(session: Session | null) {
  return session ? { role: session.user.role, package: session.business.membership?.package ?? null } : null;
}
