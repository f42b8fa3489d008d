import { clearSession, readSession } from '../auth/session';
import { ACCOUNT_REFUSALS, firstFieldErrors, type ErrorCode } from '@tabour/contracts';

/** A non-OK answer: `message` is the server's, `body.errors` maps a field to one message. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { message?: string; code?: string; errors?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorMessage(status: number, statusText: string, body: unknown): string {
  const m = (body as { message?: unknown } | null)?.message;
  if (typeof m === 'string' && m) return m;
  if (Array.isArray(m) && m.length) return m.join(', ');
  return statusText || `HTTP ${status}`;
}

/** The server gives each field a list of messages; a form shows the first. */
export const fieldErrors = firstFieldErrors;

/**
 * A 405 answer's `{ replace, with }` rewrites the page address, within the page's own origin
 * only: an answer (or whoever stands between the page and the API) must not send the user to
 * another site, nor to a `javascript:` or `data:` address. What comes back is the whole address,
 * resolved as the browser will, so that a path starting `//` cannot be read as another host.
 */
export function rewrittenAddress(href: string, body: unknown): string | null {
  const b = body as { replace?: unknown; with?: unknown } | null;
  if (!b || typeof b.replace !== 'string' || !b.replace || typeof b.with !== 'string') return null;
  const next = href.split(b.replace).join(b.with);
  if (next === href) return null;
  let here: URL;
  let there: URL;
  try {
    here = new URL(href);
    there = new URL(next, here);
  } catch {
    return null;
  }
  if (there.origin !== here.origin || (there.protocol !== 'https:' && there.protocol !== 'http:')) return null;
  return there.href;
}

/** Errors the interface words itself, in the user's language, by the server's code. */
export const TRANSLATED_CODES: readonly ErrorCode[] = [
  ...ACCOUNT_REFUSALS,
  'plan_required',
  'has_sub_services',
  'resource_full',
  'concurrency',
  'internal',
  'unavailable',
  'awaiting_approval',
];

/** The text a toast shows: a catalogue key for known codes, else the server's own message. */
export function messageKey(_status: number, body: unknown, fallback: string): string {
  const b = body as { code?: unknown; message?: unknown } | null;
  if (typeof b?.code === 'string' && (TRANSLATED_CODES as readonly string[]).includes(b.code)) return `app.errors.${b.code}`;
  return fallback;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Anonymous calls (login, register, captcha) send no token. */
  anonymous?: boolean;
  /**
   * A kiosk's or display's own token instead of the staff session. Its refusals are the
   * device's business: they leave a staff session of the same browser alone.
   */
  token?: string | null;
}

let currentLanguage = 'en';
export function setRequestLanguage(lang: string): void {
  currentLanguage = lang;
}

/** Listeners told when an answer ends the session (401/403). */
const sessionEndListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Calls the API (same origin); resolves the JSON answer, rejects with an HttpError. */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Content-Language': currentLanguage,
  };
  const own = options.token !== undefined;
  const session = options.anonymous || own ? null : readSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  else if (own && options.token && !options.anonymous) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(path, { method: options.method ?? 'GET', headers, body, credentials: 'include' });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): no body.
  }
  if (res.ok) return json as T;
  if (res.status === 405 && typeof window !== 'undefined') {
    const next = rewrittenAddress(window.location.href, json);
    if (next) window.location.replace(next);
  }
  if ((res.status === 401 || res.status === 403) && session) {
    clearSession();
    sessionEndListeners.forEach((l) => l());
  }
  const errors = fieldErrors(json);
  const message = messageKey(res.status, json, errorMessage(res.status, res.statusText, json));
  throw new HttpError(message, res.status, {
    message: errorMessage(res.status, res.statusText, json),
    code: (json as { code?: string } | null)?.code,
    ...(errors ? { errors } : {}),
  });
}
