import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { MetricsConfig } from '@tabour/platform';
import { bearerToken } from '../common/auth';

/** `10.0.0.0/8`, `fd00::/8`, or one address. */
function addNetwork(list: BlockList, network: string): void {
  const [address, prefix, ...rest] = network.split('/');
  const family = isIP(address);
  const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
  if (!family || rest.length || !/^\d{1,3}$/.test(prefix ?? '0') || bits > (family === 6 ? 128 : 32)) {
    throw new Error(`METRICS_ALLOW holds "${network}", which is not a network such as 10.0.0.0/8 or fd00::/8`);
  }
  list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: an address in METRICS_ALLOW (loopback by default), or anyone with
 * METRICS_TOKEN as a bearer token. The address is the request's `req.ip`: Express trusts
 * X-Forwarded-For only from a loopback peer (bootstrap.ts), so a client elsewhere cannot claim
 * loopback by sending the header; a reverse proxy on loopback must set it (docs/operations.md).
 */
export class MetricsAccess {
  private readonly allowed = new BlockList();
  private readonly token: Buffer | null;

  constructor(config: MetricsConfig) {
    for (const network of config.allow) addNetwork(this.allowed, network);
    this.token = config.token ? digest(config.token) : null;
  }

  allows(ip: string | undefined, authorization: string | undefined): boolean {
    const presented = bearerToken(authorization);
    // Compared as digests: equal lengths, so the comparison takes the same time whatever was sent.
    if (this.token && presented && timingSafeEqual(digest(presented), this.token)) return true;
    if (!ip) return false;
    const family = isIP(ip);
    // An IPv4 client of a dual-stack server shows as ::ffff:a.b.c.d; BlockList matches it against IPv4 networks too.
    return family !== 0 && this.allowed.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }
}
