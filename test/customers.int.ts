import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Attachment, Customer } from '@tabour/contracts';
import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';

describe('customers: records, search, categories, attachments', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  let ali: Customer<string>;

  const create = (by: Staff, body: Record<string, unknown>) => t.http().put('/business/customer/create').set(by.h).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Clinic One'); // country TN
    other = await newBusiness(t, 'Clinic Two');
  });
  afterAll(() => t.close());

  describe('create, read, update', () => {
    it('creates a customer with every field, the phones in E.164 read with the business country', async () => {
      const res = await create(owner, {
        first_name: 'Ali',
        last_name: 'Ben Sâlah',
        email: 'Ali.Ben@Example.TEST',
        phone: '20 123 456',
        second_phone: '+33 6 12 34 56 78',
        address: '1 rue de Carthage',
        date_of_birth: '1990-05-31',
        place_of_birth: 'Sousse',
        nationality: 'tn',
        preferred_language: 'fr',
        internal_id: '1041',
        platform_id: 'P-77',
        platform_verification: 'verified',
        notes: 'Prefers mornings',
        additional_data: { allergy: 'penicillin' },
        category: 'vip',
        book_more_than_once: true,
      });
      expect(res.status).toBe(201);
      ali = res.body;
      expect(ali).toMatchObject({
        first_name: 'Ali',
        last_name: 'Ben Sâlah',
        full_name: 'Ali Ben Sâlah',
        email: 'ali.ben@example.test',
        phone: '+21620123456',
        second_phone: '+33612345678',
        date_of_birth: '1990-05-31',
        nationality: 'TN',
        preferred_language: 'fr',
        internal_id: '1041',
        platform_verification: 'verified',
        additional_data: { allergy: 'penicillin' },
        category: 'VIP',
        book_more_than_once: true,
        next_booking: null,
      });
      expect(ali.id).toMatch(/^[0-9a-f-]{36}$/);
      const again = await t.http().get(`/business/customer/${ali.id}`).set(owner.h);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(ali);
    });

    it("takes today for a date of birth as the business's own date, not UTC's", async () => {
      const far = await newBusiness(t, 'Clinic Far');
      // Whatever the hour, one of these zones is on another date than UTC: Kiritimati (UTC+14)
      // from 10:00 UTC, Pago Pago (UTC-11) before 11:00 UTC.
      const zone = DateTime.utc().hour >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
      await t.http().post('/business/update').set(far.h).send({ time_zone: zone }).expect(200);
      const local = DateTime.now().setZone(zone).toISODate()!;
      const utc = DateTime.utc().toISODate()!;
      expect(local).not.toBe(utc);
      const born = await create(far, { first_name: 'Born', last_name: 'Today', date_of_birth: local });
      expect(born.status).toBe(201);
      expect(born.body.date_of_birth).toBe(local);
      // The later of the two dates is tomorrow there when it is UTC's; refused as in the future.
      const later = local > utc ? DateTime.fromISO(local).plus({ days: 1 }).toISODate()! : utc;
      const future = await create(far, { first_name: 'Not', last_name: 'Yet', date_of_birth: later });
      expect(future.status).toBe(422);
      expect(Object.keys(future.body.errors)).toEqual(['date_of_birth']);
    });

    it('refuses bad fields with 422 naming each, and writes nothing', async () => {
      const before = await head(t);
      const res = await create(owner, { first_name: 'X', phone: '12', email: 'nope', date_of_birth: '2999-01-01', nationality: 'ZZ' });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['date_of_birth', 'email', 'nationality', 'phone']);
      const empty = await create(owner, { notes: 'nobody' });
      expect(empty.status).toBe(422);
      const category = await create(owner, { first_name: 'Y', category: 'GOLD' });
      expect(category.status).toBe(422);
      expect(category.body.errors.category).toBeDefined();
      expect(await head(t)).toBe(before);
    });

    it('refuses an internal id used by another customer of the business, not of another business', async () => {
      const dup = await create(owner, { first_name: 'Dup', internal_id: '1041' });
      expect(dup.status).toBe(422);
      expect(dup.body.errors.internal_id).toBeDefined();
      // The key made for the refused customer goes with it.
      const orphans = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer_keys k
        WHERE NOT EXISTS (SELECT 1 FROM es_streams s WHERE s.stream_id = 'customer-' || k.customer_id)`.execute(t.database.db);
      expect(orphans.rows[0].n).toBe(0);
      const elsewhere = await create(other, { first_name: 'Elsewhere', internal_id: '1041' });
      expect(elsewhere.status).toBe(201);
    });

    it('updates only the given fields', async () => {
      const res = await t.http().post(`/business/customer/${ali.id}/update`).set(owner.h).send({ notes: 'Prefers afternoons', phone: '+216 20 123 457' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ notes: 'Prefers afternoons', phone: '+21620123457', first_name: 'Ali', category: 'VIP' });
      const bad = await t
        .http()
        .post(`/business/customer/${ali.id}/update`)
        .set(owner.h)
        .send({ first_name: null, last_name: null, email: null, phone: null, internal_id: null });
      expect(bad.status).toBe(422);
    });

    it('hands out the next free numeric internal id, a different one to each concurrent call', async () => {
      const ids = await Promise.all([1, 2, 3, 4].map(() => t.http().post('/business/customer/next_iid').set(owner.h)));
      const values = ids.map((r) => Number(r.body.internal_id)).sort((a, b) => a - b);
      expect(ids.every((r) => r.status === 200)).toBe(true);
      expect(values).toEqual([1042, 1043, 1044, 1045]);
      const next = await t.http().post('/business/customer/next_iid').set(other.h);
      expect(next.body.internal_id).toBe('1042');
    });
  });

  describe('list and search', () => {
    beforeAll(async () => {
      for (const body of [
        { first_name: 'Émilie', last_name: 'Durand', phone: '98 765 432', email: 'emilie@example.test' },
        { first_name: 'Mohamed', last_name: 'Trabelsi', phone: '+21655111222', internal_id: 'MF-300', category: 'BLACKLISTED' },
        { first_name: 'Sara', last_name: 'Ben Ali', email: 'sara@example.test' },
      ]) {
        const r = await create(owner, body);
        expect(r.status).toBe(201);
      }
    });

    it('lists pages of 1000, or everything, with the page shape', async () => {
      const page = await t.http().get('/business/customer?pagination=1000').set(owner.h);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 4, page: 1, per_page: 1000, last_page: 1 });
      expect(page.body.data).toHaveLength(4);
      const all = await t.http().get('/business/customer?pagination=off').set(owner.h);
      expect(all.body.per_page).toBeNull();
      const second = await t.http().get('/business/customer?page=2&per_page=3').set(owner.h);
      expect(second.body).toMatchObject({ total: 4, page: 2, last_page: 2 });
      expect(second.body.data).toHaveLength(1);
    });

    it('filters by category and sorts', async () => {
      const vip = await t.http().get('/business/customer?category=VIP').set(owner.h);
      expect(vip.body.data.map((c: Customer<string>) => c.first_name)).toEqual(['Ali']);
      const sorted = await t.http().get('/business/customer?sort=last_name&order=asc').set(owner.h);
      expect(sorted.body.data.map((c: Customer<string>) => c.last_name)).toEqual(['Ben Ali', 'Ben Sâlah', 'Durand', 'Trabelsi']);
      const bad = await t.http().get('/business/customer?sort=password').set(owner.h);
      expect(bad.status).toBe(422);
    });

    it('finds by name without accents or case, by e-mail and by internal id', async () => {
      const names = async (kw: string) =>
        (
          await t
            .http()
            .get(`/business/customer/filter/${encodeURIComponent(kw)}?page=1`)
            .set(owner.h)
        ).body.data
          .map((c: Customer<string>) => c.first_name)
          .sort();
      expect(await names('emilie')).toEqual(['Émilie']);
      expect(await names('SALAH')).toEqual(['Ali']);
      expect(await names('ben')).toEqual(['Ali', 'Sara']);
      expect(await names('ben ali')).toEqual(['Ali', 'Sara']);
      expect(await names('sara ben')).toEqual(['Sara']);
      expect(await names('sara@example')).toEqual(['Sara']);
      expect(await names('mf-300')).toEqual(['Mohamed']);
      expect(await names('nobody')).toEqual([]);
    });

    it('finds a phone typed in any format', async () => {
      for (const kw of ['+216 55 111 222', '55111222', '0021655111222', '55 111']) {
        const res = await t
          .http()
          .get(`/business/customer/filter/${encodeURIComponent(kw)}?page=1`)
          .set(owner.h);
        expect(res.status).toBe(200);
        expect(res.body.data.map((c: Customer<string>) => c.first_name)).toEqual(['Mohamed']);
      }
      const q = await t
        .http()
        .get(`/business/customer?q=${encodeURIComponent('0021698765432')}`)
        .set(owner.h);
      expect(q.body.data.map((c: Customer<string>) => c.first_name)).toEqual(['Émilie']);
    });

    it('never shows another business its customers', async () => {
      const res = await t.http().get('/business/customer/filter/ali').set(other.h);
      expect(res.body.data.map((c: Customer<string>) => c.first_name)).toEqual([]);
    });
  });

  describe('categories (books)', () => {
    it('lists the three books with counts, and the customers of one', async () => {
      const books = await t.http().get('/business/customer/book').set(owner.h);
      expect(books.body.data).toEqual([
        { id: 'BASIC', name: 'BASIC', count: 2 },
        { id: 'VIP', name: 'VIP', count: 1 },
        { id: 'BLACKLISTED', name: 'BLACKLISTED', count: 1 },
      ]);
      const vip = await t.http().get('/business/customer/book/VIP?page=1').set(owner.h);
      expect(vip.body.data.map((c: Customer<string>) => c.id)).toEqual([ali.id]);
      const off = await t.http().get('/business/customer/book/blacklisted?pagination=off').set(owner.h);
      expect(off.body.total).toBe(1);
      expect((await t.http().get('/business/customer/book/GOLD').set(owner.h)).status).toBe(404);
    });

    it('adds to a book and removes back to BASIC', async () => {
      const add = await t.http().put(`/business/customer/book/BLACKLISTED/add/${ali.id}`).set(owner.h);
      expect(add.status).toBe(200);
      expect(add.body.category).toBe('BLACKLISTED');
      const wrong = await t.http().delete(`/business/customer/book/VIP/remove/${ali.id}`).set(owner.h);
      expect(wrong.status).toBe(422);
      const remove = await t.http().delete(`/business/customer/book/BLACKLISTED/remove/${ali.id}`).set(owner.h);
      expect(remove.status).toBe(200);
      expect(remove.body.category).toBe('BASIC');
    });
  });

  describe('attachments', () => {
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

    it('stores a file checked by content, lists it and serves it to staff of the business only', async () => {
      const up = await t
        .http()
        .post('/business/customer/attachments/add')
        .set(owner.h)
        .field('customer_id', ali.id)
        .attach('file', PDF, '../../etc/report.pdf');
      expect(up.status).toBe(201);
      expect(up.body).toMatchObject({ customer_id: ali.id, file_name: 'report.pdf', content_type: 'application/pdf', size: PDF.length });
      const list = await t.http().get(`/business/customer/${ali.id}/attachments`).set(owner.h);
      expect(list.body.data.map((a: Attachment<string>) => a.id)).toEqual([up.body.id]);
      const file = await t
        .http()
        .get(`/business/customer/attachment/${up.body.id}`)
        .set(owner.h)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(Buffer.compare(file.body, PDF)).toBe(0);
      expect((await t.http().get(`/business/customer/attachment/${up.body.id}`).set(other.h)).status).toBe(404);
      const del = await t.http().get(`/business/customer/attachment/${up.body.id}/delete`).set(owner.h);
      expect(del.status).toBe(200);
      expect((await t.http().get(`/business/customer/attachment/${up.body.id}`).set(owner.h)).status).toBe(404);
    });

    it('refuses a file whose content is not what its name says, or not allowed', async () => {
      const fake = await t
        .http()
        .post('/business/customer/attachments/add')
        .set(owner.h)
        .field('customer_id', ali.id)
        .attach('file', Buffer.from('MZ\x90\x00binary'), 'scan.pdf');
      expect(fake.status).toBe(422);
      const exe = await t.http().post('/business/customer/attachments/add').set(owner.h).field('customer_id', ali.id).attach('file', PDF, 'tool.exe');
      expect(exe.status).toBe(422);
      const text = await t
        .http()
        .post('/business/customer/attachments/add')
        .set(owner.h)
        .field('customer_id', ali.id)
        .attach('file', Buffer.from('hello\n'), 'note.txt');
      expect(text.status).toBe(201);
      expect(text.body.content_type).toMatch(/^text\/plain/);
      const big = await t
        .http()
        .post('/business/customer/attachments/add')
        .set(owner.h)
        .field('customer_id', ali.id)
        .attach('file', Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'big.txt');
      expect(big.status).toBe(413);
      const list = await t.http().get(`/business/customer/${ali.id}/attachments`).set(owner.h);
      expect(list.body.data.map((a: Attachment<string>) => a.file_name)).toEqual(['note.txt']);
    });
  });

  describe('related lists and notifications', () => {
    it('answers empty pages of bookings and archives of a customer', async () => {
      for (const path of ['bookings', 'archiveQueue', 'archiveBookings']) {
        const res = await t.http().post(`/business/customer/${path}`).set(owner.h).send({ customer_id: ali.id, page: 1 });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ data: [], total: 0, page: 1, per_page: 15, last_page: 1 });
        expect((await t.http().post(`/business/customer/${path}`).set(other.h).send({ customer_id: ali.id, page: 1 })).status).toBe(404);
      }
    });

    it('e-mails and texts customers through the outbox', async () => {
      const res = await t
        .http()
        .post('/business/customer/notify')
        .set(owner.h)
        .send({ customer_ids: [ali.id], channel: 'email', subject: 'Hello', message: 'See you soon' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ channel: 'email', sent: 1, skipped: [] });
      const sms = await t
        .http()
        .post('/business/customer/notify')
        .set(owner.h)
        .send({ customer_ids: [ali.id], channel: 'sms', message: 'See you soon' });
      // With no SMS provider configured, the SMS goes to the local outbox, as the e-mail does.
      expect(sms.status).toBe(200);
      expect(sms.body).toMatchObject({ channel: 'sms', sent: 1, sent_ids: [ali.id], skipped: [] });
      const foreign = await t
        .http()
        .post('/business/customer/notify')
        .set(other.h)
        .send({ customer_ids: [ali.id], channel: 'email', message: 'x' });
      expect(foreign.status).toBe(404);
    });
  });

  describe('access', () => {
    it('answers another business 404 on every call with a customer id', async () => {
      const id = ali.id;
      const calls = [
        t.http().get(`/business/customer/${id}`),
        t.http().post(`/business/customer/${id}/update`).send({ notes: 'x' }),
        t.http().delete(`/business/customer/${id}/delete`),
        t.http().post(`/business/customer/${id}/erase`),
        t.http().get(`/business/customer/${id}/attachments`),
        t.http().put(`/business/customer/book/VIP/add/${id}`),
        t.http().delete(`/business/customer/book/VIP/remove/${id}`),
        t.http().post('/business/customer/attachments/add').field('customer_id', id).attach('file', Buffer.from('hi'), 'a.txt'),
      ];
      for (const call of calls) {
        const res = await call.set(other.h);
        expect(res.status).toBe(404);
      }
      expect((await t.http().get(`/business/customer/${ali.id}`).set(owner.h)).status).toBe(200);
    });

    it('lets ADMIN and MANAGER in, and refuses an EMPLOYEE with 403', async () => {
      const manager = await newMember(t, owner, 'Manager');
      const employee = await newMember(t, owner, 'Employee');
      expect((await t.http().get('/business/customer').set(manager.h)).status).toBe(200);
      expect((await t.http().get('/business/customer').set(employee.h)).status).toBe(403);
      expect((await t.http().get(`/business/customer/${ali.id}`).set(employee.h)).status).toBe(403);
      expect((await t.http().get('/business/customer')).status).toBe(401);
    });
  });
});
