import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may post (docs/integrations-webhooks.md, "Addresses"). A business types any
 * URL; without this check the installation would post for them to its own database, its cloud
 * metadata service or the office network behind it (SSRF). The URL's host is checked when the
 * webhook is saved, and the address actually connected to on every delivery, so a name that
 * resolves to a private address later is refused too.
 *
 * The ranges are ipaddr.js's (maintained against the IANA special-purpose registries) rather
 * than a hand-written list: every IPv6 form that carries an IPv4 address has to be recognised,
 * and a list of our own missed them.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export interface AddressClass {
  /**
   * The range the address falls in, as ipaddr.js names it (`unicast` is the public internet);
   * a form that carries an IPv4 address is named `<form>:<range of that IPv4 address>`.
   */
  range: string;
  /** Public: a webhook may connect to it. */
  public: boolean;
  /** A loopback address, in whatever form: the one exception tests and development may allow. */
  loopback: boolean;
}

/** IANA allocates global unicast IPv6 only from 2000::/3; anything outside it is not the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** RFC 6052's well-known NAT64 prefix; the local-use 64:ff9b:1::/48 (RFC 8215) is an operator's own network. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 form carries, and whether that form reaches it on the internet.
 * Mapped, NAT64 (well-known prefix) and 6to4 addresses end at the IPv4 address inside, so they
 * are judged by it. Teredo (its client sits behind a NAT, reached through relays), the
 * deprecated IPv4-compatible form, SIIT's (RFC 6145) and local-use NAT64 are never public,
 * whatever they carry; the address inside names the refusal.
 */
function embedded(a: ipaddr.IPv6, range: string): { inner: ipaddr.IPv4; form: string; judgedByInner: boolean } | null {
  const p = a.parts;
  if (range === 'ipv4Mapped') return { inner: fromParts(p[6], p[7]), form: range, judgedByInner: true };
  if (range === 'rfc6052') return { inner: fromParts(p[6], p[7]), form: 'nat64', judgedByInner: a.match(NAT64_WELL_KNOWN) };
  if (range === '6to4') return { inner: fromParts(p[1], p[2]), form: range, judgedByInner: true };
  if (range === 'teredo') return { inner: fromParts(p[6] ^ 0xffff, p[7] ^ 0xffff), form: range, judgedByInner: false };
  if (range === 'rfc6145') return { inner: fromParts(p[6], p[7]), form: range, judgedByInner: false };
  // ::a.b.c.d (RFC 4291 §2.5.5.1, deprecated); :: and ::1 are named as such by ipaddr.js.
  if (range === 'unicast' && p.slice(0, 6).every((x) => x === 0)) return { inner: fromParts(p[6], p[7]), form: 'ipv4Compatible', judgedByInner: false };
  return null;
}

const NOT_AN_ADDRESS: AddressClass = { range: 'invalid', public: false, loopback: false };

/** What `address` (an IP address in its usual text form, brackets allowed) is, for a webhook. */
export function classifyAddress(address: string): AddressClass {
  const text = address.replace(/^\[|\]$/g, '');
  // Node's own parser first: ipaddr.js also reads forms such as `127.1` or `0x7f.1`, which
  // URLs and resolvers hand over already normalised; anything else is not an address here.
  const family = isIP(text);
  if (!family) return NOT_AN_ADDRESS;
  // A zone id names one of the server's own interfaces.
  if (family === 6 && text.includes('%')) return { range: 'zoned', public: false, loopback: false };
  let parsed: Address;
  try {
    // ipaddr.js reads the deprecated `::a.b.c.d` as `::ffff:a.b.c.d`, another address: the URL
    // parser writes IPv6 in hexadecimal alone (RFC 5952) first, which ipaddr.js reads exactly.
    parsed = family === 4 ? ipaddr.IPv4.parse(text) : ipaddr.IPv6.parse(new URL(`http://[${text}]/`).hostname.slice(1, -1));
  } catch {
    return NOT_AN_ADDRESS;
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return { range, public: range === 'unicast', loopback: range === 'loopback' };
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const carried = embedded(v6, range);
  if (carried) {
    const inner = carried.inner.range();
    return {
      range: `${carried.form}:${inner}`,
      public: carried.judgedByInner && inner === 'unicast',
      loopback: carried.form === 'ipv4Mapped' && inner === 'loopback',
    };
  }
  if (range === 'unicast' && !v6.match(GLOBAL_UNICAST_V6)) return { range: 'unallocated', public: false, loopback: false };
  return { range, public: range === 'unicast', loopback: range === 'loopback' };
}

export function isLoopback(address: string): boolean {
  return classifyAddress(address).loopback;
}

/** True for an address a webhook must never reach: anything but a public unicast address (or not an address at all). */
export function isPrivateAddress(address: string): boolean {
  return !classifyAddress(address).public;
}

/** Whether a connection to this resolved address is allowed: loopback only where the installation allows it (tests, development). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const c = classifyAddress(address);
  return c.public || (allowLoopback && c.loopback);
}

export interface UrlPolicy {
  /** Tests and development: http:// to a loopback address is allowed. Never in production. */
  allowLoopback: boolean;
}

export const PRIVATE_ADDRESS_PROBLEM = 'The address must be reachable on the internet, not a local or private network';

/** Names that by standard never leave the machine (RFC 6761) or the site (RFC 6762, RFC 8375, ICANN's .internal). */
const LOOPBACK_NAME = /(^|\.)localhost$/;
const SITE_NAME = /\.(local|internal|home\.arpa|localdomain)$/;

/** A URL's host as a name or an address: brackets, a trailing dot and case removed. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
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
  const host = hostOf(url);
  const literal = isIP(host) !== 0;
  const loopbackHost = literal ? isLoopback(host) : LOOPBACK_NAME.test(host);
  if (url.protocol === 'http:') {
    if (!(policy.allowLoopback && loopbackHost)) return 'The address must start with https://';
  } else if (url.protocol !== 'https:') return 'The address must start with https://';
  if (loopbackHost) return policy.allowLoopback ? null : PRIVATE_ADDRESS_PROBLEM;
  if (literal) return isPrivateAddress(host) ? PRIVATE_ADDRESS_PROBLEM : null;
  if (!host.includes('.') || SITE_NAME.test(host)) return PRIVATE_ADDRESS_PROBLEM;
  return null;
}
