/* The ticket page's service worker (docs/notifications.md, "Push to the ticket page").
 *
 * Registered once per ticket, with the ticket's page as its scope, so a push needs no address
 * in its payload: a click opens or focuses this registration's own page. It intercepts no
 * request; it only shows notifications. */
/* global self */

/** How long a notification for the call counts as "just shown", so the other path does not repeat it. */
const SAME_CALL_MS = 10 * 60 * 1000;
const CALL = 'QUEUE_CALL_NEXT';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let message;
      try {
        message = event.data ? event.data.json() : {};
      } catch {
        message = { body: event.data ? event.data.text() : '' };
      }
      const title = message.title || self.registration.scope;
      if (message.type === CALL) {
        // The open page may have shown the call already from the live channel: replaced, not doubled.
        const shown = await self.registration.getNotifications();
        for (const n of shown) if (n.data && n.data.local && n.data.type === CALL && Date.now() - n.data.at < SAME_CALL_MS) n.close();
      }
      // The tag is the message's id: the same message delivered twice replaces itself.
      await self.registration.showNotification(title, {
        body: message.body || '',
        tag: message.tag || undefined,
        requireInteraction: message.type === CALL,
        data: { type: message.type || null, at: Date.now(), local: false },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const page = self.registration.scope;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url.startsWith(page));
      if (open) return open.focus();
      return self.clients.openWindow(page);
    })(),
  );
});

/** The push service renewed the subscription: the ticket learns the new address (the scope is its page, /t/{uid}). */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const uid = new URL(self.registration.scope).pathname.split('/').filter(Boolean).pop();
      const old = event.oldSubscription;
      const next =
        event.newSubscription ||
        (old && (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: old.options.applicationServerKey })));
      if (!uid || !next) return;
      const call = (method, body) =>
        fetch(`/user/queue/uid/${encodeURIComponent(uid)}/push`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (old) await call('DELETE', { endpoint: old.endpoint });
      await call('POST', next.toJSON());
    })(),
  );
});
