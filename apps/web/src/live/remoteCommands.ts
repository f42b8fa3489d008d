import type { DeviceCommand } from './deviceChannel';
import { type DeviceKind, readAutologin, saveStyle } from '../auth/deviceSession';

interface Device {
  kind: DeviceKind;
  toLogin: () => Promise<void>;
  /** Shows the screen in style 1 or 2 at once; the choice is kept for the next load. */
  setStyle: (style: 1 | 2) => void;
  login: (body: { token: string }) => Promise<unknown>;
}

/**
 * What a kiosk or a display does on a command from the back-office: reload, log out, switch its
 * style, or log in again with the auto-login token it keeps (back to the login page if refused).
 */
export async function runDeviceCommand(c: DeviceCommand, { kind, toLogin, setStyle, login }: Device): Promise<void> {
  if (c.type === 'refresh') window.location.reload();
  else if (c.type === 'logout') await toLogin();
  else if (c.type === 'v1' || c.type === 'v2') {
    const v = c.type === 'v2' ? 2 : 1;
    saveStyle(kind, v);
    setStyle(v);
  } else if (c.type === 'autologin') {
    const token = readAutologin(kind);
    if (!token) return;
    try {
      await login({ token });
      window.location.reload();
    } catch {
      await toLogin();
    }
  }
}
