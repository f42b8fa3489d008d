/**
 * "Notify me" on the ticket page: the browser's side of Web Push (docs/notifications.md, "Push
 * to the ticket page"). The service worker (/sw.js) is registered once per ticket with the
 * ticket's page as its scope, so each ticket has its own push subscription and a click on a
 * notification knows which page to open.
 */
import { pushKey, subscribePush, unsubscribePush } from '../data/publicTicket';

/** What the page remembers of a ticket's notifications: on through push, or only while the page is open. */
export type NotifyMode = 'push' | 'page';

/** What the browser offers: nothing (no button), or notifications through a service worker. */
export function notificationsSupported(w: { navigator?: Navigator; Notification?: unknown; isSecureContext?: boolean } = globalThis as never): boolean {
  return !!w.isSecureContext && !!w.Notification && !!w.navigator && 'serviceWorker' in w.navigator;
}

/** Whether push (not only the open page) can reach this browser. */
export const pushSupported = (): boolean => typeof PushManager !== 'undefined';

/** The VAPID key as the pushManager takes it (base64url → bytes). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const storageKey = (uid: string) => `tabour.notify.${uid}`;

export function rememberedMode(uid: string): NotifyMode | null {
  try {
    const v = localStorage.getItem(storageKey(uid));
    return v === 'push' || v === 'page' ? v : null;
  } catch {
    return null;
  }
}

function remember(uid: string, mode: NotifyMode | null): void {
  try {
    if (mode) localStorage.setItem(storageKey(uid), mode);
    else localStorage.removeItem(storageKey(uid));
  } catch {
    // private browsing without storage: the choice lasts as long as the page
  }
}

export const ticketScope = (uid: string) => `/t/${encodeURIComponent(uid)}`;

/** The ticket's registration once its worker is active (the pushManager needs an active worker). */
async function activeRegistration(uid: string): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.register('/sw.js', { scope: ticketScope(uid) });
  if (reg.active) return reg;
  const worker = reg.installing ?? reg.waiting;
  if (worker)
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (worker.state === 'activated') resolve();
        else if (worker.state === 'redundant') reject(new Error('The service worker could not start'));
      };
      worker.addEventListener('statechange', check);
      check();
    });
  return reg;
}

/** The ticket's registration if notifications were turned on before; never registers one. */
export async function existingRegistration(uid: string): Promise<ServiceWorkerRegistration | undefined> {
  if (!notificationsSupported()) return undefined;
  return navigator.serviceWorker.getRegistration(ticketScope(uid));
}

export interface TurnedOn {
  mode: NotifyMode;
  /** Why push could not be had, when the page alone will notify. */
  pushError?: string;
}

/**
 * Asks the permission (only ever from a click), registers the worker, subscribes with the
 * installation's key and gives the subscription to the ticket. Where no push service answers
 * (a browser without one, offline), the open page still notifies: mode 'page'.
 */
export async function turnOn(uid: string, language: string): Promise<TurnedOn | 'denied' | 'dismissed'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  const reg = await activeRegistration(uid);
  let pushError: string | undefined;
  if (pushSupported() && reg.pushManager) {
    try {
      const { public_key } = await pushKey();
      const sub =
        (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
      await subscribePush(uid, sub.toJSON(), language);
      remember(uid, 'push');
      return { mode: 'push' };
    } catch (e) {
      pushError = e instanceof Error ? e.message : String(e);
    }
  } else {
    pushError = 'PushManager is not available';
  }
  remember(uid, 'page');
  return { mode: 'page', pushError };
}

/** Stops both paths for this ticket: the server forgets the subscription, the browser drops it. */
export async function turnOff(uid: string): Promise<void> {
  const reg = await existingRegistration(uid);
  const sub = await reg?.pushManager?.getSubscription();
  if (sub) {
    await unsubscribePush(uid, sub.endpoint);
    await sub.unsubscribe();
  }
  await reg?.unregister();
  remember(uid, null);
}

/** Marks what the page shows itself, so the worker's push for the same call replaces it (sw.js). */
export const CALL_TYPE = 'QUEUE_CALL_NEXT';
const SAME_CALL_MS = 10 * 60 * 1000;

/**
 * The call shown by the page while it is open in the background, through the worker's
 * registration (a page's own `new Notification` is refused on mobile browsers). Skipped when
 * the push for it arrived first; the tag makes a refetch of the same call replace itself.
 */
export async function showCalled(uid: string, call: { title: string; body: string; key: string }): Promise<boolean> {
  if (!notificationsSupported() || Notification.permission !== 'granted') return false;
  const reg = await existingRegistration(uid);
  if (!reg) return false;
  const shown = await reg.getNotifications();
  if (shown.some((n) => n.data?.type === CALL_TYPE && !n.data.local && Date.now() - n.data.at < SAME_CALL_MS)) return false;
  await reg.showNotification(call.title, {
    body: call.body,
    tag: `call-${call.key}`,
    requireInteraction: true,
    data: { type: CALL_TYPE, at: Date.now(), local: true },
  });
  return true;
}
