import type { AuthProvider } from 'react-admin';
import { api } from './http';
import { mayOpen } from '../auth/access';
import { clearSession, readSession, saveSession, Session, subjectOf } from '../auth/session';

export interface LoginParams {
  email: string;
  password: string;
  key?: string;
  captcha?: string;
}

/** The resource or custom page as the path the guards know. */
export const pathOfResource = (resource: string) => `/${resource.replace(/^\/+/, '')}`;

export const authProvider: AuthProvider = {
  async login({ email, password, key, captcha }: LoginParams) {
    const body: Record<string, string> = { email, password, ip: '' };
    // The no-captcha variant sends neither, for installations with the captcha off.
    if (key !== undefined) body.key = key;
    if (captcha !== undefined) body.captcha = captcha;
    const session = await api<Session>('/business/account/auth', { method: 'POST', body, anonymous: true });
    saveSession(session);
    return { redirectTo: '/dashboard' };
  },
  async logout() {
    const session = readSession();
    if (session) {
      try {
        await api('/business/account/logout', { method: 'POST' });
      } catch {
        // an ended session answers 401: the user is logged out either way
      }
    }
    clearSession();
    return '/login';
  },
  async checkAuth() {
    if (!readSession()) throw { redirectTo: '/login', message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401 || error?.status === 403) {
      clearSession();
      throw { redirectTo: '/login', logoutUser: true, message: false };
    }
  },
  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('Not logged in');
    const { user } = session;
    return { id: user.id, fullName: `${user.first_name} ${user.last_name}`.trim() || user.email, email: user.email, role: user.role };
  },
  async getPermissions() {
    const session = readSession();
    return session ? { role: session.user.role, package: session.business.membership?.package ?? null } : null;
  },
  async canAccess({ resource }) {
    return mayOpen(pathOfResource(resource), subjectOf(readSession()));
  },
};
