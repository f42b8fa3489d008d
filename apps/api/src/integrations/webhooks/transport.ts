import type { LookupAddress } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { addressAllowed, hostOf, RESPONSE_KEPT_BYTES } from '@tabour/integrations';
import { systemResolve, type Resolve } from './resolver';

export interface PostResult {
  /** The receiver's status; null when none came (refused, timed out, address not allowed). */
  status: number | null;
  /** The first bytes of its answer. */
  body: string | null;
  /** Why the delivery failed, in FAILURE's words: what the business's staff see in the delivery log. */
  error: string | null;
  /** The error as the socket told it, for the installation's own log only. */
  detail?: string;
  durationMs: number;
}

/**
 * The reasons a delivery log gives. They never carry the socket's text nor the address a name
 * resolved to: told "connect ECONNREFUSED 10.0.0.7:5432" or "EHOSTUNREACH", a business could map
 * the server's network one webhook URL at a time.
 */
export const FAILURE = {
  notAllowed: 'the address is not allowed',
  notFound: 'the name could not be resolved',
  connect: 'could not connect',
  timeout: 'timed out',
  tls: 'TLS failed',
  http: (status: number) => `HTTP ${status}`,
} as const;

const NOT_ALLOWED = 'EADDRNOTALLOWED';
const TIMED_OUT = 'EWEBHOOKTIMEOUT';
const NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA', 'EAI_NONAME']);
const TLS = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$|ERR_INVALID_CERT)/;

/** The log's reason for a request's error. */
export function failureOf(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code === NOT_ALLOWED) return FAILURE.notAllowed;
  if (code === TIMED_OUT || code === 'ETIMEDOUT') return FAILURE.timeout;
  if (NOT_FOUND.has(code)) return FAILURE.notFound;
  if (TLS.test(code) || /\b(SSL|TLS)\b/.test(err.message)) return FAILURE.tls;
  return FAILURE.connect;
}

const notAllowed = (hostname: string) => Object.assign(new Error(`${hostname} has an address webhooks may not reach`), { code: NOT_ALLOWED });

/**
 * The name resolution of every delivery, the only one its socket uses: the connection goes to an
 * address this function handed over, so the address checked is the address connected to (a
 * name re-pointed at the office network between the check and the connection, DNS rebinding,
 * gains nothing). A name with any address outside the allowed ranges is refused whole, so that
 * a public address beside a private one cannot be used to pass.
 */
export function guardedLookup(allowLoopback: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    resolve(hostname).then(
      (found) => {
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        if (addresses.some((a) => !addressAllowed(a.address, allowLoopback))) return callback(notAllowed(hostname), '', 0);
        if (options.all) return callback(null, addresses as LookupAddress[]);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/**
 * One POST to a receiver. No redirect is followed (a 3xx is a failure the log shows), so no
 * second address ever needs a check; the answer is read up to the kept bytes and dropped after,
 * and the whole exchange has one timeout.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowLoopback: boolean; resolve?: Resolve },
): Promise<PostResult> {
  const started = Date.now();
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ status: null, body: null, error: FAILURE.notAllowed, detail: 'not a URL', durationMs: 0 });
  }
  const host = hostOf(target);
  // A literal address never goes through the lookup: it is checked here instead, in the form the socket will use.
  if (isIP(host) && !addressAllowed(host, options.allowLoopback))
    return Promise.resolve({ status: null, body: null, error: FAILURE.notAllowed, detail: `${host} is not allowed`, durationMs: 0 });
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    return Promise.resolve({ status: null, body: null, error: FAILURE.notAllowed, detail: `${target.protocol} is not allowed`, durationMs: 0 });
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Date.now() - started });
    };
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowLoopback, options.resolve),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEPT_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_KEPT_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_KEPT_BYTES - kept);
          }
        });
        const finish = () => {
          const status = res.statusCode ?? null;
          const text = Buffer.concat(chunks).toString('utf8');
          const ok = status !== null && status >= 200 && status < 300;
          done({ status, body: text || null, error: ok ? null : FAILURE.http(status ?? 0) });
        };
        res.on('end', finish);
        res.on('error', finish);
        res.on('aborted', finish);
      },
    );
    // Every call of done() comes from the request's events, after this line.
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: TIMED_OUT }));
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: null, body: null, error: failureOf(err), detail: `${err.code ?? ''} ${err.message}`.trim() }),
    );
    req.end(body);
  });
}
