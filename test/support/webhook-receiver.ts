import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  /** The raw body, as the signature covers it. */
  body: string;
  envelope: { id: string; type: string; position: number; business_id: string; record: { type: string; id: string }; data: Record<string, unknown> };
  at: number;
}

/**
 * The documented recipe (docs/integrations-webhooks.md, "Verifying a delivery"), written as an
 * integrator would from the page, with Node's crypto alone.
 */
export function verifyAsDocumented(header: string | undefined, rawBody: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  let t = NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key === 't') t = Number(value);
    if (key === 'v1') signatures.push(value);
  }
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * A receiver on a loopback port: records every POST, answers 200, or 503 while `down`. With
 * `hold` it records the request and keeps the answer back until `release()`.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  down = false;
  hold = false;
  private held: ServerResponse[] = [];
  private server!: Server;
  url = '';

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    r.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (r.down) {
          res.writeHead(503).end('down for maintenance');
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        r.received.push({ headers: req.headers, body, envelope: JSON.parse(body), at: Date.now() });
        if (r.hold) r.held.push(res);
        else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    const { port } = r.server.address() as { port: number };
    r.url = `http://127.0.0.1:${port}/hooks/tabour`;
    return r;
  }

  release(): void {
    this.hold = false;
    for (const res of this.held.splice(0)) res.writeHead(200).end('ok');
  }

  /** The envelopes received, each id once (a repeat after a crash is dropped, as a receiver would). */
  unique(): Received[] {
    const seen = new Set<string>();
    return this.received.filter((r) => !seen.has(r.envelope.id) && seen.add(r.envelope.id));
  }

  async close(): Promise<void> {
    for (const res of this.held.splice(0)) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Per record, whether the envelopes arrived in the log's order (the first receipt of each id counted). */
export function outOfOrder(received: Received[]): string[] {
  const last = new Map<string, number>();
  const problems: string[] = [];
  for (const r of received) {
    const key = `${r.envelope.record.type}:${r.envelope.record.id}`;
    const before = last.get(key) ?? -1;
    if (r.envelope.position < before) problems.push(`${key}: ${r.envelope.type} at ${r.envelope.position} after ${before}`);
    last.set(key, Math.max(before, r.envelope.position));
  }
  return problems;
}
