import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import * as ical from 'node-ical';
import type { Response } from 'supertest';
import type { Booking } from '@tabour/contracts';
import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';

const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

interface Setup {
  owner: Staff;
  departmentId: string;
  services: Record<string, string>;
  memberId: string;
}

/** What makes two bookings of two businesses the same booking: everything but ids. */
interface Comparable {
  date: string;
  slot: string;
  duration: number;
  starts_at: string;
  services: string[];
  member: string | null;
  customer: string | null;
  remarks: string | null;
}

describe('bookings: import and export', () => {
  let t: TestApp;
  let source: Setup;
  const day = dayAhead(3);

  /** A business in Paris with the department, services and member every business of this test shares by name. */
  async function business(name: string): Promise<Setup> {
    const { owner, departmentId } = await bookableBusiness(t, name, { max_bookings_per_slot: 2 });
    const services: Record<string, string> = {};
    for (const [n, minutes] of [
      ['Check-up', 20],
      ['Cleaning', 25],
    ] as const) {
      services[n] = (await expectOk(await t.http().put('/business/service/create').set(owner.h).send({ name: n, price: 20, duration: minutes }), 201)).id;
    }
    await expectOk(
      await t
        .http()
        .post(`/business/department/${departmentId}/update`)
        .set(owner.h)
        .send({ service_ids: Object.values(services) }),
      200,
    );
    const member = await newMember(t, owner, 'Employee', { first_name: 'Ana', last_name: 'Lopez', is_bookable: true, department_id: departmentId });
    return { owner, departmentId, services, memberId: member.memberId };
  }

  async function comparable(s: Setup): Promise<Comparable[]> {
    const all: Booking<string>[] = (await expectOk(await t.http().get('/business/booking?pagination=off').set(s.owner.h), 200)).data;
    const names = Object.fromEntries(Object.entries(s.services).map(([n, id]) => [id, n]));
    return all
      .map((b) => ({
        date: b.date,
        slot: b.slot,
        duration: b.duration,
        starts_at: new Date(b.starts_at).toISOString(),
        services: b.service_ids.map((id) => names[id]).sort(),
        member: b.member_id ? 'Ana Lopez' : null,
        customer: b.customer_name,
        remarks: b.remarks,
      }))
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || String(a.customer).localeCompare(String(b.customer)));
  }

  const exportFile = async (s: Setup, format: string, query = '') =>
    (await t.http().get(`/business/booking/export?format=${format}&from=${day}&to=${day}${query}`).set(s.owner.h).buffer(true).parse(binary)) as Response & {
      body: Buffer;
    };
  const upload = (s: Setup, file: Buffer, name: string, notify = false) =>
    t.http().post('/business/booking/upload').set(s.owner.h).field('notify_customers', String(notify)).attach('file', file, name);

  beforeAll(async () => {
    t = await createTestApp();
    source = await business('Export Clinic');
    const customer = (
      await expectOk(
        await t
          .http()
          .put('/business/customer/create')
          .set(source.owner.h)
          .send({ first_name: 'Zoé', last_name: 'Martin', phone: '+33612345678', email: 'zoe@example.test', internal_id: 'F-12' }),
        201,
      )
    ).id;
    const book = (body: Record<string, unknown>) =>
      t
        .http()
        .put('/business/booking/create')
        .set(source.owner.h)
        .send({ department_id: source.departmentId, ...body });
    await expectOk(
      await book({
        starts_at: at(day, '09:00'),
        customer_id: customer,
        service_ids: [source.services['Check-up'], source.services['Cleaning']],
        remarks: 'First visit, "fasting"',
        member_id: source.memberId,
      }),
      201,
    );
    await expectOk(await book({ starts_at: at(day, '10:30'), service_ids: [source.services['Check-up']], remarks: '=1+1' }), 201);
    await expectOk(await book({ starts_at: at(day, '14:00'), customer_id: customer }), 201);
  });
  afterAll(() => t.close());

  it('exports CSV and XLSX that import into another business as the same bookings, with a report row per line', async () => {
    const expected = await comparable(source);
    expect(expected).toHaveLength(3);
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await exportFile(source, format);
      expect(file.status).toBe(200);
      expect(file.headers['content-disposition']).toMatch(new RegExp(`bookings-.*\\.${format}`));
      const target = await business(`Import Clinic ${format}`);
      const report = await expectOk(await upload(target, file.body, `bookings.${format}`, format === 'xlsx'), 200);
      expect(report).toMatchObject({ imported: 3, rejected: 0 });
      expect(report.rows.map((r: { row: number; ok: boolean }) => [r.row, r.ok])).toEqual([
        [2, true],
        [3, true],
        [4, true],
      ]);
      expect(await comparable(target)).toEqual(expected);
      // The customer came along, found again by phone on a second import rather than made twice.
      const customers = (await expectOk(await t.http().get('/business/customer?pagination=off').set(target.owner.h), 200)).data;
      expect(customers.map((c: { first_name: string; internal_id: string }) => [c.first_name, c.internal_id])).toEqual([['Zoé', 'F-12']]);
      // The notify flag travels on the events for the notifications to act on.
      const flags = await sql<{
        flag: boolean | null;
      }>`SELECT (data->>'notify_customer')::boolean AS flag FROM es_events WHERE event_type = 'BookingCreated' AND tenant_id = ${target.owner.businessId}`.execute(
        t.database.db,
      );
      expect(flags.rows.map((r) => r.flag)).toEqual([format === 'xlsx', format === 'xlsx', format === 'xlsx']);
      // The remarks reach the book, but the log holds them only sealed.
      const plain = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM es_events WHERE tenant_id = ${target.owner.businessId} AND data::text LIKE '%fasting%'`.execute(t.database.db);
      expect(plain.rows[0].n).toBe(0);
    }
  });

  it('writes an iCalendar file that a maintained parser reads back with the same starts, ends and summaries', async () => {
    const file = await exportFile(source, 'ics');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(file.body.toString('utf8'))).filter((e): e is ical.VEvent => e?.type === 'VEVENT');
    const bookings: Booking<string>[] = (await expectOk(await t.http().get('/business/booking?pagination=off').set(source.owner.h), 200)).data;
    const byUid = new Map(events.map((e) => [e.uid.split('@')[0], e]));
    expect(byUid.size).toBe(3);
    for (const b of bookings) {
      const e = byUid.get(b.id)!;
      expect([e.start.toISOString(), e.end!.toISOString()]).toEqual([new Date(b.starts_at).toISOString(), new Date(b.ends_at).toISOString()]);
      expect(e.summary).toBe(b.slot === '10:30' ? 'Dental — Check-up' : b.slot === '09:00' ? 'Zoé Martin — Check-up, Cleaning' : 'Zoé Martin');
    }
  });

  it('reports each bad row by its columns and imports nothing of it, not even a customer', async () => {
    const target = await business('Strict Clinic');
    const rows = [
      ['date', 'time', 'department', 'services', 'member', 'customer_phone', 'customer_name', 'remarks'],
      [day, '09:00', 'Dental', 'Check-up', '', '+33699000001', 'Ines One', ''],
      [day, '09:00', 'dental', 'Check-up', '', '+33699000002', 'Ines Two', ''],
      // The slot holds two places: the third is refused, and its new customer goes with it.
      [day, '09:00', 'Dental', '', '', '+33699000003', 'Ines Three', ''],
      [day, '25:00', 'Cardiology', 'X-ray', 'Nobody', 'abc', '', ''],
      ['', '', '', '', '', '', '', ''],
      [day, '09:10', 'Dental', '', '', '', '', 'not on the grid'],
    ];
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
    const report = await expectOk(await upload(target, XLSX.write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer, 'bookings.xls'), 200);
    expect(report).toMatchObject({ imported: 2, rejected: 3 });
    const byRow = Object.fromEntries(report.rows.map((r: { row: number; ok: boolean; errors: Record<string, string[]> }) => [r.row, r]));
    expect(Object.keys(byRow).map(Number)).toEqual([2, 3, 4, 5, 7]);
    expect(byRow[4]).toMatchObject({ ok: false, errors: { starts_at: ['No available slots on this date'] } });
    expect(Object.keys(byRow[5].errors).sort()).toEqual(['customer_phone', 'department', 'member', 'services', 'time']);
    expect(byRow[7].ok).toBe(false);
    const customers = (await expectOk(await t.http().get('/business/customer?pagination=off').set(target.owner.h), 200)).data;
    expect(customers.map((c: { first_name: string }) => c.first_name).sort()).toEqual(['Ines', 'Ines']);
    expect(customers.map((c: { last_name: string }) => c.last_name).sort()).toEqual(['One', 'Two']);
  });

  it('refuses what is not a bookings file with 422 and writes nothing; export filters and formats are checked', async () => {
    const target = await business('Empty Clinic');
    const before = await head(t);
    expect((await upload(target, Buffer.from([0, 1, 2, 3, 255, 254]), 'x.bin')).status).toBe(422);
    expect((await upload(target, Buffer.from('name,colour\nA,blue\n'), 'x.csv')).status).toBe(422);
    expect((await t.http().post('/business/booking/upload').set(target.owner.h)).status).toBe(422);
    expect(await head(t)).toBe(before);
    expect((await t.http().get('/business/booking/export?format=pdf').set(target.owner.h)).status).toBe(422);
    expect((await t.http().get('/business/booking/export?from=yesterday').set(target.owner.h)).status).toBe(422);
    const agent = await newMember(t, target.owner, 'Employee');
    expect((await t.http().get('/business/booking/export').set(agent.h)).status).toBe(403);
    // Another business's export holds none of these bookings.
    const other = await newBusiness(t, 'Other Clinic');
    const csv = (await t.http().get('/business/booking/export?format=csv').set(other.h).buffer(true).parse(binary)).body as Buffer;
    expect(csv.toString('utf8').trim().split('\n')).toHaveLength(1);
  });
});
