/** The back-office's calls about kiosks and displays beside react-admin's verbs, and a queue's board for staff. */
import type { DisplayLogin, DisplayLogRow, IssuedDevice, Page, RemoteCommandSent } from '@tabour/contracts';
import { api } from './http';

export type DeviceResource = 'kiosks' | 'displays';
const device = (resource: DeviceResource, id: string) => `${resource === 'kiosks' ? '/business/kiosk' : '/business/display'}/${encodeURIComponent(id)}`;

export const remoteCommand = (resource: DeviceResource, id: string, command: string) =>
  api<RemoteCommandSent>(`${device(resource, id)}/remote/${command}`, { method: 'POST' });
/** New credentials for a device (its sessions end), shown once. */
export const resetDevice = (resource: DeviceResource, id: string) => api<IssuedDevice>(`${device(resource, id)}/reset`, { method: 'POST' });

export const uploadDisplayVideo = (id: string, form: FormData) => api(`${device('displays', id)}/video`, { method: 'POST', body: form });
export const removeDisplayVideo = (id: string) => api(`${device('displays', id)}/update`, { method: 'POST', body: { video_file: null } });
export const displayLogs = (id: string, page: number) => api<Page<DisplayLogRow>>(`${device('displays', id)}/logs?page=${page}`);

/** A queue's board as staff open it (/queues/:id/display). */
export const queueBoard = <T>(queueId: string) => api<T>(`/business/queue/${encodeURIComponent(queueId)}/display`);

// A display's own calls, with its device token.
/** A display signs in with its key and secret, or its auto-login token. */
export const displayAuth = (body: { key: string; secret: string } | { token: string }) =>
  api<DisplayLogin>('/display/auth', { method: 'POST', body, anonymous: true });
export const displayLogout = (token: string) => api('/display/logout', { method: 'POST', token });
export const displayScreen = <T>(token: string | null) => api<T>('/display/screen', { token });
export const displayPing = (token: string, info: Record<string, unknown>) => api('/display/ping', { method: 'POST', token, body: { info } });
