import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Whether a browser page from `origin` may read the answers: only the configured origins. A page
 * opened from a file or a sandbox sends `null`, which is never one of them.
 */
export function originAllowed(allowed: readonly string[], origin: string | undefined): origin is string {
  return !!origin && origin !== 'null' && allowed.includes(origin);
}

/** The `origin` option of the `cors` package (Nest's enableCors and socket.io take the same). */
export function corsOrigin(allowed: readonly string[]) {
  return (origin: string | undefined, callback: (err: Error | null, allow?: boolean) => void): void => callback(null, originAllowed(allowed, origin));
}

/** The broadcast channel's socket.io address as the page names it: the page's host, the channel's port. */
function channelSources(req: IncomingMessage, broadcastPort: () => number | undefined): string[] {
  const port = broadcastPort();
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (!port || !/^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/.test(host)) return [];
  return [`ws://${host}:${port}`, `wss://${host}:${port}`, `http://${host}:${port}`, `https://${host}:${port}`];
}

/**
 * Security headers on every answer. The staff token lives in local storage (docs/product.md#sessions), so pages
 * run only the app's own scripts; emotion injects style elements, hence the inline styles.
 * Display videos may be addresses elsewhere (`video_url`), hence media from any https source.
 */
export function securityHeaders(broadcastPort: () => number | undefined): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (req) => channelSources(req, broadcastPort).join(' ')],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Kiosks and displays load uploaded images from the same origin only; nothing needs isolation headers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  }) as RequestHandler;
}

/**
 * Nothing the API answers is kept by a browser, a proxy or a shared cache unless the answer says
 * it may be: every answer starts as `Cache-Control: no-store`, which is what an answer for a
 * token needs (a customer list, the login's answer carrying the token, a ticket's page). Only
 * what is the same for everyone and public says otherwise where it is served: the built web
 * app's assets and page (web-assets.ts), uploaded logos and pictures (uploads.ts).
 */
export function notStoredByDefault(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
