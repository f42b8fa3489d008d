/** A customer's calls from the ticket's own pages (/t/{uid}, /f/{uid}), made without a token. */
import type { PublicTicket, PushKey } from '@tabour/contracts';
import { api } from './http';

/** A ticket's public address, by its uid. */
export const ticketPath = (uid: string) => `/user/queue/uid/${encodeURIComponent(uid)}`;

export const getPublicTicket = (uid: string) => api<PublicTicket>(ticketPath(uid), { anonymous: true });

/** Web Push for the ticket page (docs/notifications.md): the installation's key, and the ticket's subscription. */
export const pushKey = () => api<PushKey>('/user/push/key', { anonymous: true });
const pushPath = (uid: string) => `${ticketPath(uid)}/push`;
export const subscribePush = (uid: string, subscription: PushSubscriptionJSON, language: string) =>
  api(pushPath(uid), { method: 'POST', body: { ...subscription, language }, anonymous: true });
export const unsubscribePush = (uid: string, endpoint: string) => api(pushPath(uid), { method: 'DELETE', body: { endpoint }, anonymous: true });

export const sendFeedback = (uid: string, stars: number, text: string | null) =>
  api(`${ticketPath(uid)}/feedback`, { method: 'PUT', body: { stars, text }, anonymous: true });
export const cancelTicket = (uid: string) => api(`${ticketPath(uid)}/cancel`, { method: 'DELETE', anonymous: true });
export const runningLate = (uid: string, places: number) => api(`${ticketPath(uid)}/late`, { method: 'POST', body: { places }, anonymous: true });
