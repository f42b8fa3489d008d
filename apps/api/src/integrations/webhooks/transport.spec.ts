import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { FAILURE, postJson } from './transport';

describe('webhook transport', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url === '/redirect') return void res.writeHead(302, { location: '/ok' }).end();
      if (req.url === '/big') return void res.writeHead(200).end('x'.repeat(10_000));
      if (req.url === '/slow') {
        const late = setTimeout(() => res.writeHead(200).end('late'), 2_000);
        return void res.on('close', () => clearTimeout(late));
      }
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const post = (path: string, host = '127.0.0.1', allowLoopback = true, timeoutMs = 5_000) =>
    postJson(`http://${host}:${port}${path}`, '{}', {}, { allowLoopback, timeoutMs });

  it('posts and keeps the answer', async () => {
    expect(await post('/ok')).toMatchObject({ status: 200, body: 'ok', error: null });
  });

  it('refuses loopback where it is not allowed, by name as by address, without connecting', async () => {
    const before = seen.length;
    expect((await post('/ok', 'localhost', false)).error).toBe(FAILURE.notAllowed);
    expect((await post('/ok', '127.0.0.1', false)).error).toBe(FAILURE.notAllowed);
    expect((await post('/ok', '[::ffff:127.0.0.1]', false)).error).toBe(FAILURE.notAllowed);
    expect(seen.length).toBe(before);
  });

  it('never reaches a private address', async () => {
    const r = await postJson('http://10.255.255.1:9/hook', '{}', {}, { allowLoopback: true, timeoutMs: 1_000 });
    expect(r).toMatchObject({ status: null, error: FAILURE.notAllowed, durationMs: 0 });
  });

  it('does not follow a redirect, keeps the first 1 KB of an answer and gives up on a slow receiver', async () => {
    const before = seen.length;
    expect(await post('/redirect')).toMatchObject({ status: 302, error: 'HTTP 302' });
    expect(seen.slice(before)).toEqual(['/redirect']);
    expect((await post('/big')).body).toHaveLength(1024);
    expect(await post('/slow', '127.0.0.1', true, 200)).toMatchObject({ status: null, error: FAILURE.timeout });
  });

  it('tells a failure in generic words, never the socket’s text, address or port', async () => {
    const closed = createTcpServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const refused = await postJson(`http://127.0.0.1:${closedPort}/h`, '{}', {}, { allowLoopback: true, timeoutMs: 2_000 });
    expect(refused).toMatchObject({ status: null, error: FAILURE.connect });
    expect(refused.detail).toMatch(/ECONNREFUSED/);
    // https to a receiver that speaks plain http: the handshake fails.
    const tls = await postJson(`https://127.0.0.1:${port}/ok`, '{}', {}, { allowLoopback: true, timeoutMs: 2_000 });
    expect(tls).toMatchObject({ status: null, error: FAILURE.tls });
    const unknown = await postJson(
      'http://nowhere.invalid/h',
      '{}',
      {},
      {
        allowLoopback: true,
        timeoutMs: 2_000,
        resolve: () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), { code: 'ENOTFOUND' })),
      },
    );
    expect(unknown).toMatchObject({ status: null, error: FAILURE.notFound });
    for (const r of [refused, tls, unknown]) expect(r.error).not.toMatch(/127\.0\.0\.1|ECONN|EPROTO|ENOTFOUND|\d{4,}/);
  });
});
