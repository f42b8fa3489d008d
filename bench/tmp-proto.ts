import { Pool } from 'pg';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { createDb, migrateToLatest } from '@tabour/platform';
import { PgEventStore } from '@tabour/eventstore';
async function run(label: string, pool: Pool | null, writers: number, ms: number, op: (w: number, i: number) => Promise<unknown>) {
  let n = 0; const until = Date.now() + ms; const t0 = Date.now();
  await Promise.all(Array.from({ length: writers }, async (_, w) => { for (let i = 0; Date.now() < until; i++) { await op(w, i); n++; } }));
  console.log(label, writers, Math.round(n / ((Date.now() - t0) / 1000)));
}
(async () => {
  const a = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' }); await a.connect();
  await a.query('DROP DATABASE IF EXISTS es_proto2'); await a.query('CREATE DATABASE es_proto2'); await a.end();
  const url = 'postgres://postgres@127.0.0.1:5432/es_proto2';
  const { db } = createDb(url, 32);
  await migrateToLatest(db);
  const pool = new Pool({ connectionString: url, max: 32 });
  await pool.query('CREATE TABLE raw (id bigserial PRIMARY KEY, stream_id text, data jsonb, recorded_at timestamptz default now())');
  const d = JSON.stringify({ ticket_id: randomUUID(), number: 1, counter: 'A1', note: 'called at the counter' });
  const md = JSON.stringify({ tenantId: '00000000-0000-4000-8000-000000000001', actor: { type: 'system' }, schemaVersion: 1 });
  const c = 32;
  for (let round = 0; round < 2; round++) {
  await run('raw', pool, c, 2000, (w) => pool.query('INSERT INTO raw (stream_id, data) VALUES ($1, $2)', [`s${w}`, d]));
  await run('fn-direct', pool, c, 2000, (w) => pool.query(`SELECT * FROM es_append($1, 'p', '00000000-0000-4000-8000-000000000001', 'any', false, ARRAY[$2::uuid], ARRAY['T'], ARRAY[$3::jsonb], ARRAY[$4::jsonb], now())`, [`p-${round}-${w}`, randomUUID(), d, md]));
  const s1 = new PgEventStore(db, { notify: false });
  await run('store-nonotify', null, c, 2000, (w) => s1.append(`q-${round}-${w}`, [{ type: 'T', data: JSON.parse(d) }], { tenantId: '00000000-0000-4000-8000-000000000001', actor: { type: 'system' } }));
  const s2 = new PgEventStore(db);
  await run('store', null, c, 2000, (w) => s2.append(`r-${round}-${w}`, [{ type: 'T', data: JSON.parse(d) }], { tenantId: '00000000-0000-4000-8000-000000000001', actor: { type: 'system' } }));
  }
  await pool.end(); await db.destroy();
})();
