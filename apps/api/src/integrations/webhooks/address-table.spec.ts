import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import { PRIVATE_ADDRESS_PROBLEM, urlProblem } from '@tabour/integrations';
import { NOT_FOUND_PROBLEM, resolvedHostProblem, type Resolve } from './resolver';
import { FAILURE, postJson } from './transport';

/**
 * Every form of "the server's own network" a webhook URL can take, each refused when the webhook
 * is saved and again when a delivery connects, in production settings (docs/integrations-webhooks.md,
 * "Addresses"). PORT is a loopback receiver's: a form the checks let through reaches it and is counted.
 */

const CREDENTIALS = 'must not carry a user name or password';
const MALFORMED = 'Give a full address';
const HTTPS = 'must start with https://';

/** What the test's resolver answers for each name: there is no DNS here, and a rebinding name must be scripted anyway. */
const NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'hooks.localhost': ['127.0.0.1'],
  'rebind.example.com': ['127.0.0.1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'compatible.example.com': ['::127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'office.example.com': ['10.0.0.7'],
  'v6office.example.com': ['fd00::7'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
};

const resolver = (): Resolve & { asked: string[] } => {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const found = NAMES[hostname.replace(/\.$/, '').toLowerCase()];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
};

interface Row {
  url: string;
  /** What the saving check says (a part of its sentence). */
  creation: string;
  /** What the delivery's log says. */
  connect: string;
}

const refused = (url: string, creation = PRIVATE_ADDRESS_PROBLEM, connect: string = FAILURE.notAllowed): Row => ({ url, creation, connect });

const REFUSED: Row[] = [
  // IPv4 inside IPv6: mapped, compatible, SIIT, 6to4, NAT64, Teredo.
  refused('https://[::ffff:127.0.0.1]:PORT/h'),
  refused('https://[::ffff:7f00:1]:PORT/h'),
  refused('https://[0:0:0:0:0:ffff:127.0.0.1]:PORT/h'),
  refused('https://[::ffff:169.254.169.254]:PORT/latest/meta-data'),
  refused('https://[::ffff:a00:1]:PORT/h'),
  refused('https://[::ffff:192.168.0.1]:PORT/h'),
  refused('https://[::127.0.0.1]:PORT/h'),
  refused('https://[::7f00:1]:PORT/h'),
  refused('https://[::ffff:0:7f00:1]:PORT/h'),
  refused('https://[2002:7f00:1::]:PORT/h'),
  refused('https://[2002:a9fe:a9fe::1]:PORT/h'),
  refused('https://[64:ff9b::7f00:1]:PORT/h'),
  refused('https://[64:ff9b::a9fe:a9fe]:PORT/h'),
  refused('https://[64:ff9b:1::5db8:d822]:PORT/h'),
  refused('https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]:PORT/h'), // Teredo, client 10.0.0.1
  // IPv4 written as a number, in hex, octal, short.
  refused('https://2130706433:PORT/h'),
  refused('https://0x7f000001:PORT/h'),
  refused('https://0x7f.1:PORT/h'),
  refused('https://0177.0.0.1:PORT/h'),
  refused('https://127.1:PORT/h'),
  refused('http://2130706433:PORT/h', HTTPS),
  refused('http://0x7f.1:PORT/h', HTTPS),
  // The special IPv4 ranges.
  refused('https://127.0.0.1:PORT/h'),
  refused('https://0.0.0.0:PORT/h'),
  refused('https://10.0.0.1:PORT/h'),
  refused('https://172.16.0.1:PORT/h'),
  refused('https://192.168.1.1:PORT/h'),
  refused('https://169.254.169.254:PORT/latest/meta-data'),
  refused('https://100.64.0.1:PORT/h'),
  refused('https://192.0.0.1:PORT/h'),
  refused('https://192.0.2.1:PORT/h'),
  refused('https://198.18.0.1:PORT/h'),
  refused('https://224.0.0.1:PORT/h'),
  refused('https://240.0.0.1:PORT/h'),
  refused('https://255.255.255.255:PORT/h'),
  // The special IPv6 ranges.
  refused('https://[::]:PORT/h'),
  refused('https://[::1]:PORT/h'),
  refused('https://[fc00::1]:PORT/h'),
  refused('https://[fd12:3456::1]:PORT/h'),
  refused('https://[fe80::1]:PORT/h'),
  refused('https://[fec0::1]:PORT/h'),
  refused('https://[ff02::1]:PORT/h'),
  refused('https://[2001:db8::1]:PORT/h'),
  refused('https://[100::1]:PORT/h'),
  refused('https://[4000::1]:PORT/h'),
  // Zone ids, trailing dots, user info.
  refused('https://[fe80::1%25eth0]:PORT/h', MALFORMED),
  refused('https://[::ffff:127.0.0.1%25lo]:PORT/h', MALFORMED),
  refused('https://127.0.0.1.:PORT/h'),
  refused('https://localhost.:PORT/h'),
  refused('https://example.com@127.0.0.1:PORT/h', CREDENTIALS),
  refused('https://example.com:x@[::ffff:7f00:1]:PORT/h', CREDENTIALS),
  // Names: loopback by standard, site-local, and names that resolve to the server's network.
  refused('https://localhost:PORT/h'),
  refused('https://LocalHost:PORT/h'),
  refused('https://hooks.localhost:PORT/h'),
  refused('https://metadata.google.internal:PORT/computeMetadata/v1/'),
  refused('https://intranet:PORT/h', PRIVATE_ADDRESS_PROBLEM, FAILURE.notFound),
  refused('https://rebind.example.com:PORT/h'),
  refused('https://mapped.example.com:PORT/h'),
  refused('https://compatible.example.com:PORT/h'),
  refused('https://metadata.example.com:PORT/h'),
  refused('https://office.example.com:PORT/h'),
  refused('https://v6office.example.com:PORT/h'),
  refused('https://mixed.example.com:PORT/h'),
  refused('https://nowhere.example.com:PORT/h', NOT_FOUND_PROBLEM, FAILURE.notFound),
];

/** Public addresses, in every form that carries one: saved, and a delivery tries to connect (there is no network here, so it fails otherwise). */
const ALLOWED = [
  'https://93.184.216.34/h',
  'https://[2606:2800:220:1::]/h',
  'https://[2606:2800:220:1:248:1893:25c8:1946]/h',
  'https://[::ffff:93.184.216.34]/h',
  'https://[64:ff9b::5db8:d822]/h',
  'https://[2002:5db8:d822::]/h',
  'https://8.8.8.8/h',
  'https://hooks.example.com/h',
];

describe('the webhook address table', () => {
  const servers: Server[] = [];
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    const listen = (host: string, at: number) =>
      new Promise<Server>((resolve, reject) => {
        const s = createServer((_req, res) => void res.writeHead(200).end('ok'));
        s.on('connection', () => connections++);
        s.once('error', reject);
        s.listen(at, host, () => resolve(s));
      });
    const v4 = await listen('127.0.0.1', 0);
    servers.push(v4);
    port = (v4.address() as { port: number }).port;
    servers.push(await listen('::1', port));
  });
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });

  const production = { allowLoopback: false };
  const at = (url: string) => url.replace('PORT', String(port));

  /** The saving check as the API runs it: the URL's own rules, then its name resolved. */
  const creation = async (url: string, policy = production, resolve: Resolve = resolver()) =>
    urlProblem(url, policy) ?? (await resolvedHostProblem(url, policy.allowLoopback, resolve));

  it.each(REFUSED.map((r) => [r.url, r] as const))('%s is refused when saved and when a delivery connects', async (_url, row) => {
    expect(await creation(at(row.url))).toContain(row.creation);
    const before = connections;
    const resolve = resolver();
    const result = await postJson(at(row.url), '{}', {}, { ...production, timeoutMs: 1_000, resolve });
    expect(result).toMatchObject({ status: null, body: null, error: row.connect });
    expect(connections).toBe(before);
  });

  it.each(ALLOWED)('%s is saved, and a delivery goes out to it', async (url) => {
    expect(await creation(url)).toBeNull();
    const result = await postJson(url, '{}', {}, { ...production, timeoutMs: 300, resolve: resolver() });
    // Whatever the network does here, the guard let the connection go, and the log names no socket error.
    expect(result.error).not.toBe(FAILURE.notAllowed);
    expect([FAILURE.connect, FAILURE.timeout, FAILURE.tls, FAILURE.notFound]).toContain(result.error);
  });

  it('resolves a name when the delivery connects, not only when it is saved (DNS rebinding)', async () => {
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const asked: string[] = [];
    const rebinding: Resolve = async (hostname) => {
      asked.push(hostname);
      return (answers.shift() ?? ['127.0.0.1']).map((address) => ({ address, family: 4 }));
    };
    const url = `https://rebinding.example.com:${port}/h`;
    expect(await creation(url, production, rebinding)).toBeNull();
    const before = connections;
    expect(await postJson(url, '{}', {}, { ...production, timeoutMs: 1_000, resolve: rebinding })).toMatchObject({ error: FAILURE.notAllowed });
    expect(asked).toEqual(['rebinding.example.com', 'rebinding.example.com']);
    expect(connections).toBe(before);
  });

  it('lets http:// to loopback through outside production only, and nothing else private', async () => {
    const development = { allowLoopback: true };
    const before = connections;
    for (const url of [`http://127.0.0.1:${port}/h`, `http://localhost:${port}/h`, `http://[::1]:${port}/h`]) {
      expect(await creation(url, development)).toBeNull();
      expect(await postJson(url, '{}', {}, { ...development, timeoutMs: 2_000, resolve: resolver() })).toMatchObject({ status: 200, error: null });
      expect(await creation(url, production)).toContain(HTTPS);
    }
    expect(connections).toBe(before + 3);
    for (const url of ['https://10.0.0.1/h', 'https://[::ffff:a00:1]/h', 'https://169.254.169.254/h', 'https://[fd00::1]/h', 'https://office.example.com/h']) {
      expect(await creation(url, development)).toBe(PRIVATE_ADDRESS_PROBLEM);
      expect((await postJson(url, '{}', {}, { ...development, timeoutMs: 1_000, resolve: resolver() })).error).toBe(FAILURE.notAllowed);
    }
  });
});
