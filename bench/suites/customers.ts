import { randomUUID } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import request from 'supertest';
import { foldText } from '@tabour/customers';
import { Db } from '@tabour/platform';
import { benchApp } from '../app';
import { BenchContext, BenchSuite, percentile } from '../harness';

const FIRST = [
  'Ali',
  'Amine',
  'Émilie',
  'Leïla',
  'Mohamed',
  'Sara',
  'Youssef',
  'Nadia',
  'Karim',
  'Hédi',
  'Inès',
  'Omar',
  'Rania',
  'Walid',
  'Zoé',
  'Lucía',
  'João',
  'Иван',
  'Fatma',
  'Sami',
];
const LAST = [
  'Ben Salah',
  'Trabelsi',
  'Gharbi',
  'Mansour',
  'Durand',
  'Haddad',
  'Kefi',
  'Zribi',
  'Jebali',
  'Bouazizi',
  'García',
  'Silva',
  'Петров',
  'Martin',
  'Chaabane',
  'Ayari',
  'Mejri',
  'Hamdi',
  'Sassi',
  'Khelifi',
  'Dridi',
  'Ferchichi',
  'Bennour',
  'Riahi',
  'Toumi',
];

/**
 * Customers written straight into the read model with generate_series: the figures measured
 * here are reads of that table and one import, and replaying a million registrations through
 * the event store only to fill it would measure the store, not the CRM. The search and phone
 * columns are filled in the same folded form the projection writes.
 */
async function bulkLoad(db: Db, tenantId: string, n: number): Promise<void> {
  const firstFolded = FIRST.map(foldText);
  const lastFolded = LAST.map(foldText);
  await sql`
    INSERT INTO customers (id, tenant_id, first_name, last_name, email, phone, internal_id, internal_id_num, category, search, phone_digits,
                           additional_data, book_more_than_once, created_at, updated_at)
    SELECT gen_random_uuid(), ${tenantId}::uuid, f.name, l.name, e.email, '+2162' || lpad(i::text, 7, '0'), i::text, i,
           CASE WHEN i % 50 = 0 THEN 'VIP' WHEN i % 97 = 0 THEN 'BLACKLISTED' ELSE 'BASIC' END,
           f.folded || ' ' || l.folded || ' ' || e.email || ' ' || i, '2162' || lpad(i::text, 7, '0'),
           '{}', false, now() - make_interval(mins => i), now()
    FROM generate_series(1, ${n}::int) AS i
    CROSS JOIN LATERAL (SELECT (${FIRST}::text[])[1 + i % ${FIRST.length}] AS name, (${firstFolded}::text[])[1 + i % ${FIRST.length}] AS folded) f
    CROSS JOIN LATERAL (SELECT (${LAST}::text[])[1 + (i / ${FIRST.length}) % ${LAST.length}] AS name, (${lastFolded}::text[])[1 + (i / ${FIRST.length}) % ${LAST.length}] AS folded) l
    CROSS JOIN LATERAL (SELECT 'c' || i || '.' || replace(l.folded, ' ', '') || '@example.test' AS email) e`.execute(db);
}

async function timeEach(n: number, op: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await op(i);
    out.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

async function run(ctx: BenchContext): Promise<void> {
  const size = Math.max(1000, Math.round(100_000 * ctx.scale));
  const importRows = Math.max(500, Math.round(10_000 * ctx.scale));
  const { url, db } = await ctx.createDatabase(2);
  const app = await benchApp(url);
  try {
    const http = () => request(app.getHttpServer());
    const email = `bench.${randomUUID().slice(0, 8)}@example.test`;
    const password = 'Str0ng!Pass';
    await http()
      .post('/business/account/register')
      .send({ business_name: 'Bench Clinic', first_name: 'B', last_name: 'C', email, password, password_confirmation: password, terms: true, country: 'TN' })
      .expect(201);
    const login = await http().post('/business/account/auth').send({ email, password, ip: '' });
    const token = login.body.token as string;
    const tenantId = login.body.business.id as string;
    const h = { Authorization: `Bearer ${token}` };

    const t0 = Date.now();
    await bulkLoad(db, tenantId, size);
    for (let b = 0; b < 10; b++) await bulkLoad(db, randomUUID(), size);
    await sql`ANALYZE customers`.execute(db);
    ctx.log(`customers: ${size} in the measured business and 10 others of that size, loaded in ${Math.round((Date.now() - t0) / 1000)} s`);

    const ids = (await sql<{ id: string }>`SELECT id FROM customers WHERE tenant_id = ${tenantId} ORDER BY random() LIMIT 200`.execute(db)).rows.map(
      (r) => r.id,
    );
    const samples = Math.max(40, Math.round(200 * Math.min(1, ctx.scale * 2)));
    // Warm the plans and the cache the way a working day does.
    for (let i = 0; i < 5; i++) await http().get(`/business/customer/${ids[i]}`).set(h).expect(200);

    const byId = await timeEach(samples, (i) =>
      http()
        .get(`/business/customer/${ids[i % ids.length]}`)
        .set(h)
        .expect(200),
    );
    ctx.report('baseline.customers.byId.p95', percentile(byId, 95), 'ms');

    const keywords = (i: number) => {
      const n = 1 + ((i * 7919) % size);
      switch (i % 6) {
        case 0:
          return foldText(FIRST[i % FIRST.length]).slice(0, 4) + ' ' + foldText(LAST[(i * 3) % LAST.length]).slice(0, 5);
        case 1:
          return `+216 2${String(n)
            .padStart(7, '0')
            .replace(/^(\d{1})(\d{3})(\d{3})$/, '$1 $2 $3')}`;
        case 2:
          return `c${n}.`;
        case 3:
          return String(n);
        case 4:
          return LAST[i % LAST.length];
        default:
          return `00216 2${String(n).padStart(7, '0')}`;
      }
    };
    const search = await timeEach(samples, (i) =>
      http()
        .get(`/business/customer/filter/${encodeURIComponent(keywords(i))}?page=1`)
        .set(h)
        .expect(200),
    );
    ctx.report('customers.search.p95', percentile(search, 95), 'ms', { op: '<=', value: 50 });
    ctx.report('customers.search.p50', percentile(search, 50), 'ms');

    const pages = Math.ceil(size / 1000);
    const page = await timeEach(Math.max(20, Math.round(samples / 4)), (i) =>
      http()
        .get(`/business/customer?pagination=1000&page=${1 + ((i * 37) % pages)}`)
        .set(h)
        .expect(200),
    );
    ctx.report('customers.page1000.p95', percentile(page, 95), 'ms', { op: '<=', value: 150 });

    const rows: unknown[][] = [['Prénom', 'Nom', 'Téléphone', 'Courriel', 'Numéro de dossier']];
    for (let i = 0; i < importRows; i++)
      rows.push([FIRST[i % FIRST.length], LAST[i % LAST.length], `+2165${String(i).padStart(7, '0')}`, `imp${i}@example.test`, `IMP-${i}`]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Customers');
    const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const i0 = process.hrtime.bigint();
    const res = await http().post('/business/customer/upload').set(h).attach('file', file, 'customers.xlsx');
    const seconds = Number(process.hrtime.bigint() - i0) / 1e9;
    if (res.status !== 200 || res.body.created !== importRows) throw new Error(`import answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    ctx.report(`customers.import.xlsx.${importRows}rows`, seconds, 's', { op: '<=', value: (20 * importRows) / 10_000 });
    ctx.report('customers.import.rate', importRows / seconds, 'rows/s');
  } finally {
    await app.close();
  }
}

export const suite: BenchSuite = { name: 'customers', run };
