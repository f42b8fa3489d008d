import { isIP } from 'node:net';

/**
 * Where a webhook may post (docs/integrations-webhooks.md, "Addresses"). A business types any
 * URL; without this check the installation would post for them to its own database, its cloud
 * metadata service or the office network behind it (SSRF). The check runs on the address
 * actually connected to, so a name that resolves to a private address later is refused too.
 */

/** IPv4 ranges never reachable from a public webhook: RFC 1918, loopback, link-local, CGNAT, this network, multicast and reserved. */
const V4_BLOCKED: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 (carrier-grade NAT)
  [0x7f000000, 8], // 127/8
  [0xa9fe0000, 16], // 169.254/16 (link-local, cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24
  [0xc0000200, 24], // 192.0.2/24 (documentation)
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 (benchmarking)
  [0xc6336400, 24], // 198.51.100/24
  [0xcb007100, 24], // 203.0.113/24
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved and broadcast
];

function v4(address: string): number {
  return address.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

function inV4(address: string, [base, bits]: [number, number]): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (v4(address) & mask) >>> 0 === base;
}

export function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return inV4(address, [0x7f000000, 8]);
  if (family === 6) {
    const a = address.toLowerCase();
    if (a === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
    return mapped ? isLoopback(mapped[1]) : false;
  }
  return false;
}

/** True for an address a webhook must never reach: private, loopback, link-local, unique-local, multicast, unspecified. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return V4_BLOCKED.some((range) => inV4(address, range));
  if (family !== 6) return true;
  const a = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isPrivateAddress(mapped[1]);
  if (a === '::' || a === '::1') return true;
  const first = parseInt(a.split(':')[0] || '0', 16);
  // fc00::/7 unique-local, fe80::/10 link-local, ff00::/8 multicast, 2001:db8::/32 documentation.
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) return true;
  return a.startsWith('2001:db8:') || a.startsWith('64:ff9b:');
}

/** Whether a connection to this resolved address is allowed: loopback only where the installation allows it (tests, development). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && isLoopback(address)) return true;
  return !isPrivateAddress(address);
}

export interface UrlPolicy {
  /** Tests and development: http:// to a loopback address is allowed. Never in production. */
  allowLoopback: boolean;
}

/**
 * The problems of a webhook's URL that can be told without the network: https (or http to
 * loopback where allowed), no credentials in it, and a literal address outside the private
 * ranges. A host name is checked again on each delivery, on the address it resolves to.
 */
export function urlProblem(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Give a full address such as https://example.com/hooks/tabour';
  }
  if (raw.length > 2000) return 'The address may have at most 2000 characters';
  if (url.username || url.password) return 'The address must not carry a user name or password';
  if (url.hash) return 'The address must not have a #fragment';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackHost = isLoopback(host) || host === 'localhost';
  if (url.protocol === 'http:') {
    if (!(policy.allowLoopback && loopbackHost)) return 'The address must start with https://';
  } else if (url.protocol !== 'https:') return 'The address must start with https://';
  if (loopbackHost) return policy.allowLoopback ? null : 'The address must be reachable on the internet, not a local or private network';
  if (isIP(host) && isPrivateAddress(host)) return 'The address must be reachable on the internet, not a local or private network';
  if (!isIP(host) && !host.includes('.')) return 'The address must be reachable on the internet, not a local or private network';
  return null;
}
