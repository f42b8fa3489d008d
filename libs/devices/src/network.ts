import { addError, type FieldErrors } from '@tabour/contracts';

/*
 * A device's network addresses: the restrictions its settings name, checked when they are saved,
 * and matched against the address a device logs in from.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/([0-9]|[12]\d|3[0-2]))?$/;
const IPV6 = /^[0-9a-f:]+(\/\d{1,3})?$/i;
const MAC = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;

export function checkIps(errors: FieldErrors, field: string, ips: string[]): string[] {
  const out = ips.map((ip) => ip.trim()).filter(Boolean);
  for (const ip of out) if (!IPV4.test(ip) && !(ip.includes(':') && IPV6.test(ip))) addError(errors, field, `${ip} is not an IP address`);
  return [...new Set(out)];
}

export function checkMacs(errors: FieldErrors, field: string, macs: string[]): string[] {
  const out = macs.map((m) => m.trim().toLowerCase().replace(/-/g, ':')).filter(Boolean);
  for (const m of out) if (!MAC.test(m)) addError(errors, field, `${m} is not a MAC address`);
  return [...new Set(out)];
}

/** Whether an address is allowed by a list of addresses and IPv4 ranges (CIDR); an empty list allows all. */
export function ipAllowed(ip: string | null, allowed: string[]): boolean {
  if (!allowed.length) return true;
  if (!ip) return false;
  const bare = ip.replace(/^::ffff:/, '');
  return allowed.some((rule) => {
    if (!rule.includes('/')) return rule === bare || rule === ip;
    const [base, bits] = rule.split('/');
    const toInt = (a: string) => a.split('.').reduce((n, o) => (n << 8) + Number(o), 0) >>> 0;
    if (!IPV4.test(bare) || !IPV4.test(base)) return false;
    const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
    return (toInt(bare) & mask) === (toInt(base) & mask);
  });
}
