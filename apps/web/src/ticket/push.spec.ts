import { keyBytes, notificationsSupported } from './push';

describe('the ticket page’s push helpers', () => {
  it('reads a VAPID key written in base64url, with or without padding', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).toMatch(/[-_]/);
    expect(Array.from(keyBytes(key))).toEqual(Array.from(bytes));
    expect(Array.from(keyBytes('AQ=='))).toEqual([1]);
    expect(Array.from(keyBytes('AQID'))).toEqual([1, 2, 3]);
    expect(Array.from(keyBytes('AQ'))).toEqual([1]);
  });

  it('offers notifications only in a secure page with service workers and the Notification API', () => {
    const navigator = { serviceWorker: {} } as unknown as Navigator;
    const Notification = function () {};
    expect(notificationsSupported({ navigator, Notification, isSecureContext: true })).toBe(true);
    expect(notificationsSupported({ navigator, Notification, isSecureContext: false })).toBe(false);
    expect(notificationsSupported({ navigator: {} as Navigator, Notification, isSecureContext: true })).toBe(false);
    expect(notificationsSupported({ navigator, isSecureContext: true })).toBe(false);
  });
});
