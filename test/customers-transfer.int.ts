import type { Response } from 'supertest';
import * as XLSX from '@e965/xlsx';
import type { Customer } from '@tabour/contracts';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';

/** A spreadsheet file of these rows, written by the same library an office suite's files are read with. */
function sheetFile(rows: unknown[][], bookType: 'csv' | 'xls' | 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  if (bookType === 'csv') return Buffer.from(XLSX.write(wb, { type: 'string', bookType: 'csv' }) as string, 'utf8');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}

const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A row the import refused, with its errors by field. */
interface Rejected {
  row: number;
  errors: Record<string, string[]>;
}

describe('customers: import and export', () => {
  let t: TestApp;
  let owner: Staff;

  const upload = (by: Staff, file: Buffer, name: string) => t.http().post('/business/customer/upload').set(by.h).attach('file', file, name);
  const all = async (by: Staff): Promise<Customer<string>[]> =>
    (await t.http().get('/business/customer?pagination=off&sort=internal_id&order=asc').set(by.h)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Import Clinic'); // TN
  });
  afterAll(() => t.close());

  it('imports a French CSV: good rows in, each bad row named with its reason; a second import duplicates nothing', async () => {
    const file = sheetFile(
      [
        ['Prénom', 'Nom', 'Téléphone', 'Courriel', 'Numéro de dossier', 'Date de naissance', 'Catégorie', 'Couleur préférée'],
        ['Amine', 'Gharbi', '0021620111222', 'amine@example.test', '0007', '1985-02-01', 'VIP', 'bleu'],
        ['Leïla', 'Mansour', '20 111 333', '', '', '31/12/1990', '', ''],
        ['Bad', 'Phone', '12', '', '', '', '', ''],
        ['', '', '', '', '', '', '', ''],
        ['Bad', 'Mail', '', 'not-an-email', '', '', 'GOLD', ''],
        ['Omar', 'Zribi', '+216 20 111 444', 'omar@example.test', '', '', '', ''],
      ],
      'csv',
    );
    const first = await upload(owner, file, 'clients.csv');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_rows: 5, created: 3, updated: 0, unchanged: 0, unknown_columns: ['Couleur préférée'] });
    expect(first.body.rejected.map((r: Rejected) => [r.row, Object.keys(r.errors).sort()])).toEqual([
      [4, ['phone']],
      [6, ['category', 'email']],
    ]);
    expect(first.body.rejected[0].reason).toBe('Enter a valid phone number');
    const customers = await all(owner);
    expect(customers).toHaveLength(3);
    const amine = customers.find((c) => c.first_name === 'Amine');
    expect(amine).toMatchObject({ internal_id: '0007', phone: '+21620111222', email: 'amine@example.test', category: 'VIP', date_of_birth: '1985-02-01' });
    expect(customers.find((c) => c.first_name === 'Leïla')!.date_of_birth).toBe('1990-12-31');

    const again = await upload(owner, file, 'clients.csv');
    expect(again.body).toMatchObject({ total_rows: 5, created: 0, updated: 0, unchanged: 3 });
    expect(await all(owner)).toHaveLength(3);
  });

  it('matches on internal id, then phone, then e-mail, and updates what the row changes', async () => {
    const file = sheetFile(
      [
        ['Vorname', 'Nachname', 'Telefon', 'E-Mail', 'Interne ID', 'Notizen'],
        ['Amine', 'Gharbi-Updated', '', '', '0007', 'by iid'],
        ['Leila', 'Mansour', '+21620111333', '', '', 'by phone'],
        ['Omar', 'Zribi', '', 'OMAR@example.test', '', 'by email'],
      ],
      'xlsx',
    );
    const res = await upload(owner, file, 'kunden.xlsx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_rows: 3, created: 0, updated: 3, rejected: [] });
    const customers = await all(owner);
    expect(customers).toHaveLength(3);
    expect(customers.map((c) => c.notes).sort()).toEqual(['by email', 'by iid', 'by phone']);
    expect(customers.find((c) => c.internal_id === '0007')!.last_name).toBe('Gharbi-Updated');
  });

  it('reads XLS and XLSX with headers in Arabic, Spanish, Portuguese and Russian', async () => {
    const other = await newBusiness(t, 'Multi Clinic');
    const xls = sheetFile(
      [
        ['الاسم الأول', 'اللقب', 'الهاتف', 'البريد الإلكتروني'],
        ['Youssef', 'Haddad', '20222333', 'youssef@example.test'],
        ['Nadia', 'Kefi', 'abc', ''],
      ],
      'xls',
    );
    const a = await upload(other, xls, 'clients.xls');
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ created: 1 });
    expect(a.body.rejected.map((r: Rejected) => r.row)).toEqual([3]);
    const es = await upload(
      other,
      sheetFile(
        [
          ['Nombre', 'Apellido', 'Teléfono'],
          ['Lucía', 'García', '20333444'],
        ],
        'xlsx',
      ),
      'es.xlsx',
    );
    const pt = await upload(
      other,
      sheetFile(
        [
          ['Primeiro nome', 'Sobrenome', 'Telefone'],
          ['João', 'Silva', '20444555'],
        ],
        'xlsx',
      ),
      'pt.xlsx',
    );
    const ru = await upload(
      other,
      sheetFile(
        [
          ['Имя', 'Фамилия', 'Телефон'],
          ['Иван', 'Петров', '20555666'],
        ],
        'xlsx',
      ),
      'ru.xlsx',
    );
    for (const r of [es, pt, ru]) expect(r.body).toMatchObject({ created: 1, rejected: [] });
    const names = (await all(other)).map((c) => c.first_name).sort();
    expect(names).toEqual(['Lucía', 'Youssef', 'Иван', 'João'].sort());
  });

  it('refuses a file that is not a spreadsheet, or has no known column', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]);
    expect((await upload(owner, png, 'x.csv')).status).toBe(422);
    expect((await upload(owner, Buffer.from('colour,size\nred,3\n'), 'x.csv')).status).toBe(422);
    expect((await t.http().post('/business/customer/upload').set(owner.h)).status).toBe(422);
  });

  it('exports CSV and XLSX that import back to the same customers', async () => {
    await t
      .http()
      .put('/business/customer/create')
      .set(owner.h)
      .send({ first_name: '=cmd', last_name: 'Formula', phone: '20999888', nationality: 'FR', book_more_than_once: true });
    const before = await all(owner);
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.http().get(`/business/customer/export?format=${format}`).set(owner.h).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain(`.${format}`);
      if (format === 'csv') expect(res.body.toString('utf8')).toContain("'=cmd");
      const fresh = await newBusiness(t, `Copy ${format}`);
      const imported = await upload(fresh, res.body, `customers.${format}`);
      expect(imported.body).toMatchObject({ created: before.length, rejected: [] });
      const strip = (c: Customer<string>) => {
        const { id: _i, created_at: _c, updated_at: _u, ...rest } = c;
        return rest;
      };
      const sorted = (list: Customer<string>[]) => list.map(strip).sort((x, y) => String(x.phone).localeCompare(String(y.phone)));
      expect(sorted(await all(fresh))).toEqual(sorted(before));
      // And into the same business: nothing new, nothing changed.
      const same = await upload(owner, res.body, `customers.${format}`);
      expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: before.length });
    }
    const vip = await t.http().get('/business/customer/export?format=csv&category=VIP').set(owner.h).buffer(true).parse(binary);
    expect(vip.body.toString('utf8').trim().split('\n')).toHaveLength(2);
  });
});
