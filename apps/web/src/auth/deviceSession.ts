/**
 * The sessions of a kiosk and of a display screen in local storage (docs/product.md#sessions:
 * token, kiosk, business), each under its own key, apart from the staff session: a manager
 * who opens the kiosk page on their own computer stays logged in to the back-office.
 */
export type DeviceKind = 'kiosk' | 'display';

export interface DeviceSession<D = Record<string, unknown>> {
  token: string;
  device: D & { id: string };
  business: { id: string; name: string; logo_url?: string | null };
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storage = (): Store | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export const sessionKey = (kind: DeviceKind) => `tabour.${kind}`;
/** The auto-login token a device was set up with, kept so a remote "auto-login" can log it in again. */
export const autologinKey = (kind: DeviceKind) => `tabour.${kind}.autologin`;
/** The configuration style chosen by a remote command (v1 or v2), over the device's own. */
export const styleKey = (kind: DeviceKind) => `tabour.${kind}.style`;

export function readDeviceSession<D>(kind: DeviceKind, store: Store | null = storage()): DeviceSession<D> | null {
  const raw = store?.getItem(sessionKey(kind));
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as DeviceSession<D>;
    return s && typeof s.token === 'string' && s.device && typeof s.device.id === 'string' && s.business ? s : null;
  } catch {
    return null;
  }
}

export function saveDeviceSession<D>(kind: DeviceKind, session: DeviceSession<D>, store: Store | null = storage()): void {
  store?.setItem(sessionKey(kind), JSON.stringify(session));
}

export function clearDeviceSession(kind: DeviceKind, store: Store | null = storage()): void {
  store?.removeItem(sessionKey(kind));
  store?.removeItem(styleKey(kind));
}

export function readAutologin(kind: DeviceKind, store: Store | null = storage()): string | null {
  return store?.getItem(autologinKey(kind)) || null;
}

export function saveAutologin(kind: DeviceKind, token: string | null, store: Store | null = storage()): void {
  if (token) store?.setItem(autologinKey(kind), token);
  else store?.removeItem(autologinKey(kind));
}

export function readStyle(kind: DeviceKind, store: Store | null = storage()): 1 | 2 | null {
  const v = store?.getItem(styleKey(kind));
  return v === '1' ? 1 : v === '2' ? 2 : null;
}

export function saveStyle(kind: DeviceKind, style: 1 | 2, store: Store | null = storage()): void {
  store?.setItem(styleKey(kind), String(style));
}

/** What a device's login form sends: the auto-login token alone, or the key and the secret. */
export function loginBody(input: { key?: string; secret?: string; token?: string }): { key: string; secret: string } | { token: string } | null {
  const token = input.token?.trim();
  if (token) return { token };
  const key = input.key?.trim();
  const secret = input.secret?.trim();
  return key && secret ? { key, secret } : null;
}
