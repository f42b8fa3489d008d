import { clearDeviceSession, loginBody, readAutologin, readDeviceSession, readStyle, saveAutologin, saveDeviceSession, saveStyle } from './deviceSession';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

describe('device sessions', () => {
  it('keeps the kiosk and the display apart, and apart from the staff session', () => {
    const store = memory();
    store.setItem('tabour.session', '{"token":"staff"}');
    saveDeviceSession('kiosk', { token: 'dev_k', device: { id: 'k1' }, business: { id: 'b', name: 'Clinic' } }, store);
    saveDeviceSession('display', { token: 'dev_d', device: { id: 'd1' }, business: { id: 'b', name: 'Clinic' } }, store);
    expect(readDeviceSession('kiosk', store)?.token).toBe('dev_k');
    expect(readDeviceSession('display', store)?.device.id).toBe('d1');
    clearDeviceSession('kiosk', store);
    expect(readDeviceSession('kiosk', store)).toBeNull();
    expect(readDeviceSession('display', store)?.token).toBe('dev_d');
    expect(store.getItem('tabour.session')).toBe('{"token":"staff"}');
  });

  it('reads nothing from a damaged entry', () => {
    const store = memory();
    store.setItem('tabour.kiosk', '{not json');
    expect(readDeviceSession('kiosk', store)).toBeNull();
    store.setItem('tabour.kiosk', '{"token":"x"}');
    expect(readDeviceSession('kiosk', store)).toBeNull();
  });

  it('remembers the auto-login token and the style a remote command chose; logging out forgets the style only', () => {
    const store = memory();
    saveAutologin('kiosk', 'kiosk-auto-abc', store);
    saveStyle('kiosk', 2, store);
    expect([readAutologin('kiosk', store), readStyle('kiosk', store)]).toEqual(['kiosk-auto-abc', 2]);
    clearDeviceSession('kiosk', store);
    expect([readAutologin('kiosk', store), readStyle('kiosk', store)]).toEqual(['kiosk-auto-abc', null]);
    saveAutologin('kiosk', null, store);
    expect(readAutologin('kiosk', store)).toBeNull();
  });

  it('logs in with the token alone, or with both the key and the secret', () => {
    expect(loginBody({ key: ' K-ABC ', secret: ' s3cret ', token: '' })).toEqual({ key: 'K-ABC', secret: 's3cret' });
    expect(loginBody({ key: 'K-ABC', secret: 'x', token: ' kiosk-auto-1 ' })).toEqual({ token: 'kiosk-auto-1' });
    expect(loginBody({ key: 'K-ABC', secret: '' })).toBeNull();
  });
});
