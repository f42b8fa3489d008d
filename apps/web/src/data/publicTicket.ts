/** A customer's calls from the ticket's own pages (/t/{uid}, /f/{uid}), made without a token. */
import { api } from './http';

/** A ticket's public address, by its uid. */
export const ticketPath = (uid: string) => `/user/queue/uid/${encodeURIComponent(uid)}`;

export const sendFeedback = (uid: string, stars: number, text: string | null) =>
  api(`${ticketPath(uid)}/feedback`, { method: 'PUT', body: { stars, text }, anonymous: true });
export const cancelTicket = (uid: string) => api(`${ticketPath(uid)}/cancel`, { method: 'DELETE', anonymous: true });
export const runningLate = (uid: string, places: number) => api(`${ticketPath(uid)}/late`, { method: 'POST', body: { places }, anonymous: true });
