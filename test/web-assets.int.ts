import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, TestApp } from './support/app';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('the web app delivered: precompressed assets, cache lifetimes, compressed JSON', () => {
  let t: TestApp;
  let dist: string;
  // Big enough to be worth compressing, repetitive enough to shrink a lot.
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  const page = `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'tabour-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => undefined);\n');
    writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js'), script);
    writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
    // A file the build left uncompressed (too small): sent as it is, still immutable.
    writeFileSync(path.join(dist, 'assets/tiny-Zz99Yy88.css'), 'a{color:red}');
    writeFileSync(path.join(tmpdir(), 'tabour-secret.txt'), 'not for the web');
    t = await createTestApp({ WEB_DIST: dist });
    await t.app.listen(0, '127.0.0.1');
  });

  /** The answer's bytes as they crossed the wire: the test clients would inflate them. */
  const get = (url: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<Raw>((resolve, reject) => {
      const { port } = t.app.getHttpServer().address() as AddressInfo;
      const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed script in brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip where brotli is not accepted, and the file itself where neither is', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps a hashed file without a compressed copy immutable, and HEAD answers like GET', async () => {
    const css = await t.http().get('/assets/tiny-Zz99Yy88.css').set('Accept-Encoding', 'br');
    expect(css.status).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await get('/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
  });

  it('revalidates the page and the files with fixed names on every load', async () => {
    const html = await get('/login', { Accept: 'text/html', 'Accept-Encoding': 'gzip' });
    expect(html.status).toBe(200);
    expect(html.headers['cache-control']).toBe('no-cache');
    // The page is compressed on the fly.
    expect(html.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(html.body).toString()).toBe(page);
    const sw = await t.http().get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('never serves a file outside the build folder, nor a missing asset as a script', async () => {
    const escape = await t.http().get('/assets/%2e%2e/%2e%2e/tabour-secret.txt').set('Accept', 'application/json');
    expect(escape.status).toBe(404);
    expect(escape.text).not.toContain('not for the web');
    const missing = await t.http().get('/assets/index-00000000.js').set('Accept', 'application/json').set('Accept-Encoding', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a large JSON answer and leaves a small one as it is', async () => {
    const big = await get('/docs/api-json', { 'Accept-Encoding': 'gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.body).toString()).info.title).toBe('Tabour API');
    const small = await t.http().get('/health').set('Accept-Encoding', 'gzip');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toEqual({ status: 'ok' });
  });
});
