import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Injectable } from '@nestjs/common';
import { addressAllowed, hostOf, PRIVATE_ADDRESS_PROBLEM } from '@tabour/integrations';

/** Every address a host name has: what a webhook's checks ask the resolver. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * The name resolution of webhooks, one provider so that the saving check and every delivery ask
 * the same resolver (and a test can answer for it: there is no DNS on a test machine).
 */
@Injectable()
export class WebhookResolver {
  resolve(hostname: string): Promise<LookupAddress[]> {
    return systemResolve(hostname);
  }
}

export const NOT_FOUND_PROBLEM = 'This address cannot be found';

/**
 * The saving check of a URL's host name, once urlProblem found nothing: a name that cannot be
 * resolved, or has any address a delivery would refuse, is refused now with a sentence the user
 * can act on, instead of failing at every delivery. A delivery checks again, on what it connects to.
 */
export async function resolvedHostProblem(url: string, allowLoopback: boolean, resolve: Resolve): Promise<string | null> {
  let host: string;
  try {
    host = hostOf(new URL(url.trim()));
  } catch {
    return null; // urlProblem words a malformed address
  }
  if (isIP(host)) return null;
  const found = await resolve(host).catch(() => null);
  if (!found?.length) return NOT_FOUND_PROBLEM;
  return found.some((a) => !addressAllowed(a.address, allowLoopback)) ? PRIVATE_ADDRESS_PROBLEM : null;
}
