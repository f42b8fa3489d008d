import { authProvider } from './authProvider';
import { readSession, saveSession, Session } from '../auth/session';

const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});

const session = (role: string, pkg = 'FREE'): Session => ({
  token: 't',
  user: { id: 'u', email: 'a@b.c', first_name: 'Ana', last_name: 'Lima', role },
  business: { id: 'b', name: 'Clinic', membership: { package: pkg } },
});

beforeEach(() => store.clear());

describe('authProvider', () => {
  it('checkAuth sends a visitor without a stored user to /login', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    saveSession(session('EMPLOYEE'));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it.each([401, 403])('checkError clears the stored user on %i', async (status) => {
    saveSession(session('ADMIN'));
    await expect(authProvider.checkError({ status })).rejects.toMatchObject({ redirectTo: '/login' });
    expect(readSession()).toBeNull();
  });

  it('checkError keeps the session on other errors', async () => {
    saveSession(session('ADMIN'));
    await expect(authProvider.checkError({ status: 422 })).resolves.toBeUndefined();
    expect(readSession()).not.toBeNull();
  });

  it('canAccess follows the route lists', async () => {
    saveSession(session('EMPLOYEE'));
    await expect(authProvider.canAccess!({ resource: 'settings/team', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'activity', action: 'list' })).resolves.toBe(true);
    saveSession(session('MANAGER', 'FREE'));
    await expect(authProvider.canAccess!({ resource: 'settings/team', action: 'create' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ resource: 'kiosks', action: 'list' })).resolves.toBe(false);
    await expect(authProvider.canAccess!({ resource: 'settings/business', action: 'access' })).resolves.toBe(false);
  });

  it('getIdentity names the user', async () => {
    saveSession(session('ADMIN'));
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 'u', fullName: 'Ana Lima' });
  });
});
