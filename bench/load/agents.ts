/**
 * The bench's HTTP clients, run in a process of their own (bench/load/client.ts starts it): the
 * desks, kiosks and screens a server serves are not in its process, and a client parsing a
 * 500 KB answer or collecting its garbage in the server's event loop would be counted as the
 * server's latency. Each operation answers the latencies it measured, in milliseconds, and
 * what the calls answered where the bench checks it (the tickets called).
 */
import * as http from 'node:http';
import type { LoadOp, LoadReply, LoadRequest } from './protocol';

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pause = (millis: number) => new Promise((done) => setTimeout(done, millis));

// node:http with kept-alive sockets rather than fetch: fetch costs the client about five times
// the CPU per call, and on a two-core machine the client's CPU is taken from the server's.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(base: string, method: string, path: string, token: string, body?: unknown): Promise<unknown> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            // Parsed as a screen would: the answer is read whole.
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (res.statusCode! >= 300) reject(new Error(`${method} ${path} answered ${res.statusCode}: ${JSON.stringify(json).slice(0, 200)}`));
            else resolve(json);
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The id of the ticket a call next answered, or null when it found nobody. */
const calledId = (answer: unknown) => (answer as { ticket?: { id: string } | null }).ticket?.id ?? null;

async function run(op: LoadOp): Promise<LoadReply> {
  switch (op.op) {
    case 'concurrent': {
      // `workers` clients at once, each sending its share of `total` calls back to back.
      const times: number[] = [];
      const answers: unknown[] = [];
      await Promise.all(
        Array.from({ length: op.workers }, async (_, w) => {
          for (let i = w; i < op.total; i += op.workers) {
            const t0 = process.hrtime.bigint();
            const a = await request(op.base, op.method, op.path, op.token, op.bodies ? op.bodies[i] : op.body);
            times.push(ms(t0));
            if (op.keepAnswers) answers.push(a);
          }
        }),
      );
      return { times, ids: [], answers };
    }
    case 'paced': {
      // Each agent waits a random pause (mean paceMs) before each of its calls.
      const times: number[] = [];
      const ids: (string | null)[] = [];
      const starts: number[] = [];
      await Promise.all(
        op.agents.map(async (a) => {
          for (let r = 0; r < op.rounds; r++) {
            await pause(Math.random() * 2 * op.paceMs);
            const started = Date.now();
            const t0 = process.hrtime.bigint();
            const answer = await request(op.base, op.method, a.path, a.token, a.bodies?.[r] ?? a.body);
            times.push(ms(t0));
            starts.push(started);
            if (op.method === 'POST') ids.push(calledId(answer));
          }
        }),
      );
      return { times, ids, answers: [], starts };
    }
    case 'burst': {
      // Every agent at the same instant, `rounds` times, gapMs apart.
      const times: number[] = [];
      const ids: (string | null)[] = [];
      for (let b = 0; b < op.rounds; b++) {
        await Promise.all(
          op.agents.map(async (a) => {
            const t0 = process.hrtime.bigint();
            ids.push(calledId(await request(op.base, 'POST', a.path, a.token, a.body)));
            times.push(ms(t0));
          }),
        );
        await pause(op.gapMs);
      }
      return { times, ids, answers: [] };
    }
    case 'flatOut': {
      // No pause at all: the elapsed time gives the throughput.
      const ids: (string | null)[] = [];
      const t0 = process.hrtime.bigint();
      await Promise.all(
        op.agents.map(async (a) => {
          for (let r = 0; r < op.rounds; r++) ids.push(calledId(await request(op.base, 'POST', a.path, a.token, a.body)));
        }),
      );
      return { times: [ms(t0)], ids, answers: [] };
    }
  }
}

process.on('message', (msg: LoadRequest) => {
  run(msg.op).then(
    (reply) => process.send!({ id: msg.id, reply }),
    (err: unknown) => process.send!({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// The bench gone (finished or killed), its clients go too.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
