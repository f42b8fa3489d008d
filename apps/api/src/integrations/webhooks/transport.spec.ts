import { createServer, type Server } from 'node:http';
import { postJson } from './transport';

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
    expect((await post('/ok', 'localhost', false)).error).toMatch(/may not reach/);
    expect((await post('/ok', '127.0.0.1', false)).error).toMatch(/may not reach/);
    expect(seen.length).toBe(before);
  });

  it('never reaches a private address', async () => {
    const r = await postJson('http://10.255.255.1:9/hook', '{}', {}, { allowLoopback: true, timeoutMs: 1_000 });
    expect(r).toMatchObject({ status: null, error: expect.stringMatching(/may not reach/) });
  });

  it('does not follow a redirect, keeps the first 1 KB of an answer and gives up on a slow receiver', async () => {
    expect(await post('/redirect')).toMatchObject({ status: 302, error: 'the receiver answered 302' });
    expect((await post('/big')).body).toHaveLength(1024);
    expect((await post('/slow', '127.0.0.1', true, 200)).error).toMatch(/no answer within 200 ms/);
  });
});
