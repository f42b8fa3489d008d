import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { addressAllowed, RESPONSE_KEPT_BYTES } from '@tabour/integrations';

export interface PostResult {
  /** The receiver's status; null when none came (refused, timed out, address not allowed). */
  status: number | null;
  /** The first bytes of its answer. */
  body: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * The name resolution of every delivery: an address outside the allowed ranges fails the
 * connection, so a host that resolves to the office network (or is re-pointed there after the
 * webhook was saved) is never reached.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !addressAllowed(a.address, allowLoopback));
      if (refused || !addresses.length) {
        const e = Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, which webhooks may not reach`), {
          code: 'EADDRNOTALLOWED',
        });
        return callback(e, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * One POST to a receiver. No redirect is followed (a 3xx is a failure the log shows), the
 * answer is read up to the kept bytes and dropped after, and the whole exchange has one timeout.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowLoopback: boolean },
): Promise<PostResult> {
  const started = Date.now();
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through the lookup: it is checked here instead.
  if (isIP(host) && !addressAllowed(host, options.allowLoopback))
    return Promise.resolve({ status: null, body: null, error: `${host} is an address webhooks may not reach`, durationMs: 0 });
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
        lookup: guardedLookup(options.allowLoopback),
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
          done({ status, body: text || null, error: ok ? null : `the receiver answered ${status}` });
        };
        res.on('end', finish);
        res.on('error', finish);
        res.on('aborted', finish);
      },
    );
    // Every call of done() comes from the request's events, after this line.
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: null, body: null, error: err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message }),
    );
    req.end(body);
  });
}
