import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { sql } from 'kysely';
import { Client } from 'pg';
import request from 'supertest';
import { createDb, Db, loadConfig } from '@tabour/platform';
import { createApp, migrate } from '../apps/api/src/bootstrap';
import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';
import { createTestApp, TestApp } from './support/app';
import { withDatabase } from './support/global-setup';
import type { Staff } from './support/organisation-fixtures';
import { newQueue, pushTicket } from './support/queue-fixtures';
import { until } from './support/until';

const run = promisify(execFile);

/** The jobs stay off on both sides: what is compared is what the backup carried, not what a sweep did after. */
const JOBS_OFF = {
  DAY_END_JOB: 'off',
  HISTORY_JOB: 'off',
  BOOKING_JOB: 'off',
  MEMBERSHIP_JOB: 'off',
  REMINDER_JOB: 'off',
  REPORT_SUMMARY_JOB: 'off',
};

/** The read models compared row for row: the ones a business's screens are made of. */
const TABLES = [
  'queues',
  'queue_counters',
  'queue_tickets',
  'customers',
  'bookings',
  'departments',
  'users',
  'business_profiles',
  'statistics_tickets',
  'es_streams',
];

/** The whole log's length and a hash over each event's position, type, data and metadata, in position order. */
async function logDigest(db: Db): Promise<{ events: number; hash: string }> {
  const r = await sql<{ events: number; hash: string }>`
    SELECT count(*)::int AS events,
      md5(string_agg(position || ' ' || stream_id || ' ' || revision || ' ' || event_type || ' ' || data::text || ' ' || metadata::text, E'\n' ORDER BY position)) AS hash
    FROM es_events`.execute(db);
  return r.rows[0];
}

async function rows(db: Db, table: string): Promise<unknown[]> {
  const r = await sql<{ rows: unknown[] | null }>`SELECT jsonb_agg(to_jsonb(t) ORDER BY to_jsonb(t)::text) AS rows FROM ${sql.table(table)} t`.execute(db);
  return r.rows[0].rows ?? [];
}

/** pg_dump of the running product's database, restored with pg_restore into a fresh one, runs the product and equals the original. */
describe('backup and restore (docs/operations.md)', () => {
  let t: TestApp;
  let owner: Staff;
  let restored: { name: string; url: string; db: Db; app?: NestExpressApplication } | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'tabour-backup-'));
  const admin = async (statement: string) => {
    const c = new Client({ connectionString: process.env.TABOUR_TEST_ADMIN_URL });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    t = await createTestApp(JOBS_OFF);
    const business = await bookableBusiness(t, 'Backed-up Clinic');
    owner = business.owner;
    const customer = await expectOk(
      await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Nour', last_name: 'Haddad', phone: '+21620333444' }),
      201,
    );
    for (const name of ['Reception', 'Pharmacy']) {
      const q = await newQueue(t, owner, { name });
      await pushTicket(t, owner, q.id, { customer_id: customer.id });
      await pushTicket(t, owner, q.id);
    }
    await expectOk(
      await t
        .http()
        .put('/business/booking/create')
        .set(owner.h)
        .send({ department_id: business.departmentId, starts_at: at(dayAhead(3), '10:00'), customer_id: customer.id }),
      201,
    );
    // Every subscription has read the whole log: the read models are final for this history.
    const subscriptions = t.app.get(ProjectionRegistry).manager.all();
    await until(async () => {
      const lag = await sql<{ behind: number }>`
        SELECT count(*)::int AS behind FROM es_checkpoints c
        WHERE c.name = ANY(${subscriptions.map((s) => s.name)}::text[])
          AND EXISTS (SELECT 1 FROM es_events e WHERE (e.transaction_id, e.position) > (c.transaction_id, c.position))`.execute(t.database.db);
      return lag.rows[0].behind === 0;
    }, 'the subscriptions to reach the head of the log');
  });

  afterAll(async () => {
    await restored?.app?.close();
    await restored?.db.destroy();
    if (restored) await admin(`DROP DATABASE IF EXISTS ${restored.name} WITH (FORCE)`);
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores a dump taken while the product serves into a database that the product starts on, equal to the original', async () => {
    const file = path.join(dir, 'tabour.dump');
    // Read while the dump runs: the product keeps its pool, its subscriptions and its LISTEN connections open.
    let reading = true;
    const reads = (async () => {
      let n = 0;
      while (reading) {
        expect((await t.http().get('/business/queue').set(owner.h)).status).toBe(200);
        n++;
      }
      return n;
    })();
    await run('pg_dump', ['--format=custom', '--file', file, '--dbname', t.database.url]);
    reading = false;
    expect(await reads).toBeGreaterThan(0);
    expect(statSync(file).size).toBeGreaterThan(0);

    const name = `${process.env.TABOUR_TEST_RUN}_restored_${randomBytes(3).toString('hex')}`;
    await admin(`CREATE DATABASE ${name} TEMPLATE template0`);
    const url = withDatabase(process.env.TABOUR_TEST_ADMIN_URL!, name);
    restored = { name, url, db: createDb(url, 2).db };
    await run('pg_restore', ['--exit-on-error', '--no-owner', '--dbname', url, file]);

    // The product starts on it as `npm start` does: no migration is left to apply.
    expect(await migrate(url)).toEqual([]);
    const config = loadConfig({
      NODE_ENV: 'test',
      CAPTCHA: 'off',
      APPROVE_REGISTRATIONS: 'auto',
      SEED_DEMO: 'false',
      DATA_DIR: path.join(dir, 'data'),
      BROADCAST_PORT: '0',
      ...JOBS_OFF,
    });
    restored.app = await createApp(config, url, { logger: ['error'] });
    const second = () => request(restored!.app!.getHttpServer());
    expect((await second().get('/health')).status).toBe(200);

    expect(await logDigest(restored.db)).toEqual(await logDigest(t.database.db));
    for (const table of TABLES) {
      const original = await rows(t.database.db, table);
      expect({ table, rows: await rows(restored.db, table) }).toEqual({ table, rows: original });
      if (['queues', 'queue_tickets', 'customers', 'bookings'].includes(table)) expect(original.length).toBeGreaterThan(0);
    }

    // The same session answers the same reads on both.
    for (const url of ['/business/queue', '/business/customer?pagination=off']) {
      const a = await t.http().get(url).set(owner.h);
      const b = await second().get(url).set(owner.h);
      expect(a.status).toBe(200);
      expect({ url, status: b.status, body: b.body }).toEqual({ url, status: 200, body: a.body });
    }
    const range = { from: dayAhead(0), to: dayAhead(7) };
    const booked = await t.http().post('/business/booking/range?pagination=off').set(owner.h).send(range);
    expect(booked.status).toBe(200);
    expect(booked.body.data ?? booked.body).toHaveLength(1);
    expect((await second().post('/business/booking/range?pagination=off').set(owner.h).send(range)).body).toEqual(booked.body);

    // And it goes on writing on the restored database.
    const queues = (await second().get('/business/queue').set(owner.h)).body;
    const queueId = (queues.data ?? queues)[0].id;
    const before = (await logDigest(restored.db)).events;
    expect((await second().put(`/business/queue/${queueId}/push`).set(owner.h).send({})).status).toBe(201);
    expect((await logDigest(restored.db)).events).toBeGreaterThan(before);
  });
});
