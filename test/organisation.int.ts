import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff, WEEK } from './support/organisation-fixtures';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);

describe('organisation: business, helpers, services, departments', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Clinic One');
    other = await newBusiness(t, 'Clinic Two');
  });
  afterAll(() => t.close());

  describe('business information', () => {
    it('starts from the registration, with the UTC zone until one is chosen', async () => {
      const res = await t.http().get('/business/info').set(owner.h);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: owner.businessId, name: 'Clinic One', country: 'TN', time_zone: 'UTC', working_days: null, location: null });
    });

    it('updates the basic information and reads it back at once', async () => {
      const res = await t.http().post('/business/update').set(owner.h).send({
        name: 'Clinic One Plus',
        industry: 'health',
        city: 'Sousse',
        sms_sender_name: 'ClinicOne',
        booking_days_limit: 45,
        booking_confirmation: true,
        time_zone: 'Africa/Tunis',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Clinic One Plus',
        industry: 'health',
        city: 'Sousse',
        booking_days_limit: 45,
        booking_confirmation: true,
        time_zone: 'Africa/Tunis',
      });
      const again = await t.http().get('/business/settings').set(owner.h);
      expect(again.body.name).toBe('Clinic One Plus');
    });

    it('refuses bad fields with 422 naming each one, and writes nothing', async () => {
      const before = await head(t);
      const res = await t.http().post('/business/update').set(owner.h).send({ time_zone: 'Mars/Olympus', booking_days_limit: -2, industry: 'piracy' });
      expect(res.status).toBe(422);
      expect(res.body.errors.booking_days_limit).toEqual(expect.arrayContaining(['Number of days is invalid']));
      const deeper = await t.http().post('/business/update').set(owner.h).send({ time_zone: 'Mars/Olympus', industry: 'piracy' });
      expect(deeper.status).toBe(422);
      expect(Object.keys(deeper.body.errors).sort()).toEqual(['industry', 'time_zone']);
      expect(await head(t)).toBe(before);
      expect((await t.http().get('/business/info').set(owner.h)).body.time_zone).toBe('Africa/Tunis');
    });

    it('takes a logo in a multipart form and serves it under an unguessable address', async () => {
      const res = await t.http().post('/business/update').set(owner.h).field('published', 'true').attach('logo', PNG, 'logo.png');
      expect(res.status).toBe(200);
      expect(res.body.published).toBe(true);
      expect(res.body.logo_url).toMatch(new RegExp(`^/business/uploads/${owner.businessId}/[0-9a-f]{32}\\.png$`));
      const img = await t.http().get(res.body.logo_url);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['x-content-type-options']).toBe('nosniff');
      expect((await t.http().get(`/business/uploads/${owner.businessId}/${'0'.repeat(32)}.png`)).status).toBe(404);
    });

    it('refuses an SVG or a file that is not an image, and a file over 2 MB', async () => {
      const before = await head(t);
      const svg = await t
        .http()
        .post('/business/update')
        .set(owner.h)
        .attach('logo', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg');
      expect(svg.status).toBe(422);
      expect(svg.body.errors.logo).toBeDefined();
      const big = await t
        .http()
        .post('/business/update')
        .set(owner.h)
        .attach('logo', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png');
      expect(big.status).toBe(413);
      expect(await head(t)).toBe(before);
    });

    it('keeps the location within range', async () => {
      expect((await t.http().post('/business/location/update').set(owner.h).send({ lat: 95, lng: 10 })).status).toBe(422);
      const res = await t.http().post('/business/location/update').set(owner.h).send({ lat: 35.8256, lng: 10.6084 });
      expect(res.status).toBe(200);
      expect(res.body.location).toEqual({ lat: 35.8256, lng: 10.6084 });
    });

    it('stores the working days of the week and refuses overlapping hours', async () => {
      const week = WEEK({
        monday: [
          ['08:00', '12:00'],
          ['13:00', '17:00'],
        ],
        saturday: [['08:00', '12:00']],
      });
      const res = await t.http().post('/business/workingdays/update').set(owner.h).send({ working_days: week });
      expect(res.status).toBe(200);
      expect(res.body.working_days[0]).toEqual({
        day: 'monday',
        open: true,
        ranges: [
          { from: '08:00', to: '12:00' },
          { from: '13:00', to: '17:00' },
        ],
      });
      expect(res.body.working_days[6]).toEqual({ day: 'sunday', open: false, ranges: [] });
      const bad = await t
        .http()
        .post('/business/workingdays/update')
        .set(owner.h)
        .send({
          working_days: WEEK({
            monday: [
              ['08:00', '12:00'],
              ['11:00', '13:00'],
            ],
          }),
        });
      expect(bad.status).toBe(422);
      expect(bad.body.errors['working_days.0.ranges.1']).toBeDefined();
    });

    it('merges translations per language', async () => {
      await t
        .http()
        .post('/business/translations/update')
        .set(owner.h)
        .send({ translations: { fr: { name: 'Clinique Un' } } })
        .expect(200);
      const res = await t
        .http()
        .post('/business/translations/update')
        .set(owner.h)
        .send({ translations: { ar: { name: 'العيادة', description: 'وصف' } } });
      expect(res.status).toBe(200);
      const read = await t.http().get('/business/translations/business').set(owner.h);
      expect(read.body.translations).toEqual({ fr: { name: 'Clinique Un', description: null }, ar: { name: 'العيادة', description: 'وصف' } });
      expect(
        (
          await t
            .http()
            .post('/business/translations/update')
            .set(owner.h)
            .send({ translations: { xx: { name: 'x' } } })
        ).status,
      ).toBe(422);
    });
  });

  describe('helpers', () => {
    it('lists industries and countries in the asked language', async () => {
      const industries = await t.http().get('/business/industry').set(owner.h);
      expect(industries.body.data).toEqual(expect.arrayContaining([{ id: 'health', name: 'Health and clinics' }]));
      const fr = await t.http().get('/business/countries?lang=fr').set(owner.h);
      expect(fr.body.data).toEqual(expect.arrayContaining([{ code: 'DE', name: 'Allemagne' }]));
      const ar = await t.http().get('/business/countries').set(owner.h).set('Content-Language', 'ar');
      expect(ar.body.data.find((c: { code: string }) => c.code === 'TN').name).toBe('تونس');
      expect(ar.body.total).toBeGreaterThan(200);
    });

    it('gives the registration form its reference lists without a login', async () => {
      const countries = await t.http().get('/business/countries?lang=en');
      expect(countries.status).toBe(200);
      expect(countries.body.data).toEqual(expect.arrayContaining([{ code: 'TN', name: 'Tunisia' }]));
      expect((await t.http().get('/business/industry')).status).toBe(200);
    });
  });

  describe('services', () => {
    let consultation: string;
    let followUp: string;

    it('creates services and sub-services, durations kept in seconds', async () => {
      const res = await t.http().put('/business/service/create').set(owner.h).send({ name: 'Consultation', price: 30, duration: 20, category: 'Medicine' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Consultation', price: 30, duration: 20, duration_seconds: 1200, parent_id: null, ussd_order: 1 });
      consultation = res.body.id;
      const sub = await t
        .http()
        .put('/business/service/create')
        .set(owner.h)
        .send({ name: 'Follow-up', price: 12.5, duration: 90, duration_unit: 'seconds', parent_id: consultation });
      expect(sub.status).toBe(201);
      expect(sub.body).toMatchObject({ parent_id: consultation, duration_seconds: 90, price: 12.5, ussd_order: 2 });
      followUp = sub.body.id;
      expect((await t.http().get(`/business/service/${consultation}`).set(owner.h)).body.sub_services).toBe(1);
    });

    it('refuses a negative price, three decimals, a missing name, and a cycle of parents', async () => {
      const before = await head(t);
      const bad = await t.http().put('/business/service/create').set(owner.h).send({ price: -1, duration: 10 });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'price']);
      expect((await t.http().put('/business/service/create').set(owner.h).send({ name: 'X', price: 1.005, duration: 10 })).status).toBe(422);
      const cycle = await t.http().post(`/business/service/${consultation}/update`).set(owner.h).send({ parent_id: followUp });
      expect(cycle.status).toBe(422);
      expect(cycle.body.errors.parent_id).toBeDefined();
      expect(await head(t)).toBe(before);
    });

    it('creates several at once, all or none', async () => {
      const before = await head(t);
      const bad = await t
        .http()
        .put('/business/service/create/multiple')
        .set(owner.h)
        .send({
          services: [
            { name: 'A', price: 1, duration: 5 },
            { name: '', price: 1, duration: 5 },
          ],
        });
      expect(bad.status).toBe(422);
      expect(await head(t)).toBe(before);
      const ok = await t
        .http()
        .put('/business/service/create/multiple')
        .set(owner.h)
        .send({
          services: [
            { name: 'Vaccination', price: 25, duration: 10 },
            { name: 'Lab pickup', price: 0, duration: 5 },
          ],
        });
      expect(ok.status).toBe(201);
      expect(ok.body.data.map((s: { name: string }) => s.name)).toEqual(['Vaccination', 'Lab pickup']);
    });

    it('lists by page and all at once, and filters by keyword', async () => {
      const page = await t.http().get('/business/service?page=1&per_page=2').set(owner.h);
      expect(page.body).toMatchObject({ total: 4, page: 1, per_page: 2, last_page: 2 });
      expect(page.body.data).toHaveLength(2);
      const all = await t.http().get('/business/service?pagination=off').set(owner.h);
      expect(all.body.data).toHaveLength(4);
      expect(all.body.per_page).toBeNull();
      const byName = await t.http().get('/business/service?pagination=off&sort=name&order=DESC').set(owner.h);
      expect(byName.body.data.map((s: { name: string }) => s.name)).toEqual(['Vaccination', 'Lab pickup', 'Follow-up', 'Consultation']);
      const unknownColumn = await t.http().get('/business/service?pagination=off&sort=secret_column').set(owner.h);
      expect(unknownColumn.body.data.map((s: { id: string }) => s.id)).toEqual(all.body.data.map((s: { id: string }) => s.id));
      const filtered = await t.http().post('/business/service/filter/vacc').set(owner.h);
      expect(filtered.status).toBe(200);
      expect(filtered.body.data.map((s: { name: string }) => s.name)).toEqual(['Vaccination']);
      const lite = await t.http().get('/business/helpers/service?pagination=1000').set(owner.h);
      expect(lite.body.data).toHaveLength(4);
      expect(Object.keys(lite.body.data[0]).sort()).toEqual(['category', 'duration', 'duration_seconds', 'id', 'name', 'parent_id', 'price', 'ussd_order']);
      const helperFilter = await t.http().get('/business/helpers/setting/filter/lab').set(owner.h);
      expect(helperFilter.body.data.map((s: { name: string }) => s.name)).toEqual(['Lab pickup']);
    });

    it('sets the USSD order of every service, and refuses an order that leaves one out', async () => {
      const all = (await t.http().get('/business/service?pagination=off').set(owner.h)).body.data.map((s: { id: string }) => s.id);
      const reversed = [...all].reverse();
      const res = await t.http().post('/business/service/ussd/update').set(owner.h).send({ order: reversed });
      expect(res.status).toBe(200);
      expect(res.body.data.map((s: { id: string }) => s.id)).toEqual(reversed);
      expect(res.body.data.map((s: { ussd_order: number }) => s.ussd_order)).toEqual([1, 2, 3, 4]);
      const missing = await t
        .http()
        .post('/business/service/ussd/update')
        .set(owner.h)
        .send({ order: reversed.slice(1) });
      expect(missing.status).toBe(422);
    });

    it('updates a service and keeps a parent with sub-services from being deleted', async () => {
      const res = await t.http().post(`/business/service/${consultation}/update`).set(owner.h).send({ price: 35, duration: 25 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ price: 35, duration_seconds: 1500 });
      expect((await t.http().delete(`/business/service/${consultation}/delete`).set(owner.h)).status).toBe(409);
    });

    describe('departments', () => {
      let dental: string;

      it('creates a department with services and a duration of its own for one', async () => {
        const res = await t
          .http()
          .put('/business/department/create')
          .set(owner.h)
          .send({
            name: 'General',
            primary_color: '#123456',
            secondary_color: '#abc',
            text_color: '#ffffff',
            service_ids: [consultation, followUp],
            service_durations: [{ service_id: consultation, duration: 30 }],
            slot_duration: 20,
            max_bookings_per_slot: 2,
            max_daily_bookings: 40,
            can_select_member: true,
            must_select_member: true,
            translations: { fr: { name: 'Général' } },
          });
        expect(res.status).toBe(201);
        dental = res.body.id;
        expect(res.body).toMatchObject({
          name: 'General',
          slot_duration: 20,
          must_select_member: true,
          translations: { fr: { name: 'Général', description: null } },
        });
        expect(res.body.service_durations).toEqual([{ service_id: consultation, duration_seconds: 1800 }]);
        const own = await t.http().get(`/business/serviceDepartment/${dental}?service_id=${consultation}`).set(owner.h);
        expect(own.body).toMatchObject({ duration_seconds: 1800, own_duration: true });
        const inherited = await t.http().get(`/business/serviceDepartment/${dental}?service_id=${followUp}`).set(owner.h);
        expect(inherited.body).toMatchObject({ duration_seconds: 90, own_duration: false });
        const services = await t.http().get(`/business/department/${dental}/services`).set(owner.h);
        expect(services.body.data.map((s: { id: string }) => s.id).sort()).toEqual([consultation, followUp].sort());
      });

      it('takes back a whole record as read, the way an edit form sends it, and changes nothing', async () => {
        const before = await head(t);
        const department = (await t.http().get(`/business/department/${dental}`).set(owner.h)).body;
        const res = await t.http().post(`/business/department/${dental}/update`).set(owner.h).send(department);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(department);
        const service = (await t.http().get(`/business/service/${consultation}`).set(owner.h)).body;
        expect((await t.http().post(`/business/service/${consultation}/update`).set(owner.h).send(service)).body).toEqual(service);
        const info = (await t.http().get('/business/info').set(owner.h)).body;
        expect((await t.http().post('/business/update').set(owner.h).send(info)).body).toEqual(info);
        expect(await head(t)).toBe(before);
      });

      it("refuses a required member that cannot be selected, bad colours, and another business's service", async () => {
        const before = await head(t);
        const res = await t
          .http()
          .put('/business/department/create')
          .set(owner.h)
          .send({ name: 'X', can_select_member: false, must_select_member: true, primary_color: 'blue' });
        expect(res.status).toBe(422);
        expect(res.body.errors.primary_color).toBeDefined();
        const rule = await t.http().put('/business/department/create').set(owner.h).send({ name: 'X', can_select_member: false, must_select_member: true });
        expect(Object.keys(rule.body.errors)).toEqual(['must_select_member']);
        const foreign = await t.http().put('/business/service/create').set(other.h).send({ name: 'Theirs', price: 1, duration: 5 });
        const stolen = await t
          .http()
          .put('/business/department/create')
          .set(owner.h)
          .send({ name: 'X', service_ids: [foreign.body.id] });
        expect(stolen.status).toBe(422);
        expect(stolen.body.errors.service_ids).toBeDefined();
        expect(await head(t)).toBe(before + 1); // only the other business's service was written
      });

      it("updates a department, dropping a removed service's own duration, and its translations", async () => {
        const res = await t
          .http()
          .post(`/business/department/${dental}/update`)
          .set(owner.h)
          .send({ name: 'General Medicine', service_ids: [followUp] });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ name: 'General Medicine', service_ids: [followUp], service_durations: [] });
        const tr = await t
          .http()
          .post(`/business/department/${dental}/translations/update`)
          .set(owner.h)
          .send({ translations: { ar: { name: 'الطب العام' } } });
        expect(tr.status).toBe(200);
        expect(Object.keys(tr.body.translations).sort()).toEqual(['ar', 'fr']);
        const page = await t.http().get('/business/department?page=1').set(owner.h);
        expect(page.body).toMatchObject({ total: 1, page: 1, per_page: 15 });
        expect((await t.http().get('/business/department?pagination=off').set(owner.h)).body.data[0].id).toBe(dental);
      });

      it('lets any staff read departments and services but only ADMIN or MANAGER change them', async () => {
        const agent = await newMember(t, owner, 'Employee');
        expect((await t.http().get('/business/department?pagination=off').set(agent.h)).status).toBe(200);
        expect((await t.http().get('/business/service?pagination=off').set(agent.h)).status).toBe(200);
        const before = await head(t);
        expect((await t.http().put('/business/department/create').set(agent.h).send({ name: 'Nope' })).status).toBe(403);
        expect((await t.http().put('/business/service/create').set(agent.h).send({ name: 'Nope', price: 1, duration: 5 })).status).toBe(403);
        expect((await t.http().post('/business/update').set(agent.h).send({ name: 'Nope' })).status).toBe(403);
        expect(await head(t)).toBe(before);
        const manager = await newMember(t, owner, 'Manager');
        expect((await t.http().put('/business/department/create').set(manager.h).send({ name: 'Pediatrics' })).status).toBe(201);
        expect(
          (
            await t
              .http()
              .post('/business/workingdays/update')
              .set(manager.h)
              .send({ working_days: WEEK({}) })
          ).status,
        ).toBe(403);
      });

      it("answers another business's ids exactly like missing ones", async () => {
        const before = await head(t);
        const calls = [
          t.http().get(`/business/department/${dental}`),
          t.http().get(`/business/department/${dental}/services`),
          t.http().post(`/business/department/${dental}/update`).send({ name: 'Mine' }),
          t
            .http()
            .post(`/business/department/${dental}/translations/update`)
            .send({ translations: { fr: { name: 'x' } } }),
          t.http().delete(`/business/department/${dental}/delete`),
          t.http().get(`/business/serviceDepartment/${dental}?service_id=${followUp}`),
          t.http().get(`/business/service/${followUp}`),
          t.http().post(`/business/service/${followUp}/update`).send({ price: 1 }),
          t.http().delete(`/business/service/${followUp}/delete`),
        ];
        for (const call of calls) {
          const res = await call.set(other.h);
          expect([res.status, res.body.message]).toEqual([404, 'No data found']);
        }
        expect(await head(t)).toBe(before);
        expect((await t.http().get('/business/service?pagination=off').set(other.h)).body.data.map((s: { name: string }) => s.name)).toEqual(['Theirs']);
      });

      it('deletes a department, then a service, and the department list forgets both', async () => {
        expect((await t.http().delete(`/business/department/${dental}/delete`).set(owner.h)).body).toEqual({ id: dental });
        expect((await t.http().get(`/business/department/${dental}`).set(owner.h)).status).toBe(404);
        expect((await t.http().delete(`/business/service/${followUp}/delete`).set(owner.h)).body).toEqual({ id: followUp });
        expect((await t.http().get(`/business/service/${followUp}`).set(owner.h)).status).toBe(404);
        expect((await t.http().delete(`/business/service/${followUp}/delete`).set(owner.h)).status).toBe(404);
      });
    });
  });
});
