import { clearSession, parseSession, readSession, saveSession, SESSION_KEY, subjectOf } from './session';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const session = {
  token: 't0k',
  user: { id: 'u1', email: 'a@b.c', first_name: 'A', last_name: 'B', role: 'MANAGER' },
  business: { id: 'b1', name: 'Clinic', membership: { package: 'LIBERUP' } },
};

describe('session storage', () => {
  it('saves, reads and clears the session', () => {
    const store = memory();
    saveSession(session, store);
    expect(readSession(store)).toEqual(session);
    clearSession(store);
    expect(store.m.has(SESSION_KEY)).toBe(false);
    expect(readSession(store)).toBeNull();
  });
  it('refuses damaged values', () => {
    expect(parseSession('{not json')).toBeNull();
    expect(parseSession(JSON.stringify({ token: 'x' }))).toBeNull();
  });
  it('gives the guards the role and the package', () => {
    expect(subjectOf(session)).toEqual({ role: 'MANAGER', package: 'LIBERUP' });
    expect(subjectOf(null)).toBeNull();
  });
});
