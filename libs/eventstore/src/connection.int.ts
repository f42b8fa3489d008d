import { sql } from 'kysely';
import type { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/db';
import { connectTo, kyselyOn, Riders } from './connection';

/** Statements that ride with a transaction's BEGIN and COMMIT on one connection. */
describe('kyselyOn riders', () => {
  let t: TestDatabase;
  let client: Client;
  const riders: Riders = {};
  /** Every simple or extended query the client is sent, by its text. */
  const sent: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(2);
    await sql`CREATE TABLE rider_log (id serial PRIMARY KEY, what text NOT NULL)`.execute(t.db);
    client = await connectTo(t.url)();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
      sent.push(String(text));
      return query(text, ...rest);
    };
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    await client.end();
    await t.drop();
  });

  const logged = async () => (await sql<{ what: string }>`SELECT what FROM rider_log ORDER BY id`.execute(t.db)).rows.map((r) => r.what);

  it('sends the BEGIN and COMMIT riders in their round trips, once each, inside the transaction', async () => {
    const db = kyselyOn(client, riders);
    riders.afterBegin = `INSERT INTO rider_log (what) VALUES ('after begin')`;
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO rider_log (what) VALUES (${'inside'})`.execute(trx);
      riders.beforeCommit = `INSERT INTO rider_log (what) VALUES ('before commit')`;
    });
    expect(sent).toEqual([
      `begin; INSERT INTO rider_log (what) VALUES ('after begin')`,
      'INSERT INTO rider_log (what) VALUES ($1)',
      `INSERT INTO rider_log (what) VALUES ('before commit'); commit`,
    ]);
    expect(riders).toEqual({ afterBegin: undefined, beforeCommit: undefined });
    expect(await logged()).toEqual(['after begin', 'inside', 'before commit']);

    // Used once: the next transaction goes as Kysely sends it.
    sent.length = 0;
    await db.transaction().execute((trx) => sql`SELECT 1`.execute(trx));
    expect(sent).toEqual(['begin', 'SELECT 1', 'commit']);
  });

  it('drops the COMMIT rider on a rollback, and writes nothing of the transaction', async () => {
    const db = kyselyOn(client, riders);
    await sql`TRUNCATE rider_log`.execute(t.db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO rider_log (what) VALUES ('rolled back')`.execute(trx);
        riders.beforeCommit = `INSERT INTO rider_log (what) VALUES ('never')`;
        throw new Error('the handler failed');
      }),
    ).rejects.toThrow('the handler failed');
    expect(riders.beforeCommit).toBeUndefined();
    expect(await logged()).toEqual([]);
  });

  it('rolls back when the COMMIT rider fails, and when the BEGIN rider fails leaves no transaction open', async () => {
    const db = kyselyOn(client, riders);
    await sql`TRUNCATE rider_log`.execute(t.db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO rider_log (what) VALUES ('kept back')`.execute(trx);
        riders.beforeCommit = `INSERT INTO rider_log (id, what) VALUES (NULL, 'refused')`;
      }),
    ).rejects.toThrow(/null value/);
    expect(await logged()).toEqual([]);

    riders.afterBegin = 'SELECT 1 / 0';
    await expect(db.transaction().execute((trx) => sql`SELECT 1`.execute(trx))).rejects.toThrow(/division by zero/);
    // Outside any transaction again: a write on the connection commits by itself, seen from another.
    await sql`INSERT INTO rider_log (what) VALUES ('after')`.execute(db);
    expect(await logged()).toEqual(['after']);
  });
});
