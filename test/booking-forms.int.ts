import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';

describe('booking form fields over HTTP', () => {
  let t: TestApp;
  let owner: Staff;
  let manager: Staff;
  let other: Staff;
  let departmentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, departmentId } = await bookableBusiness(t, 'Form Clinic', { max_bookings_per_slot: 5 }));
    other = await newBusiness(t, 'Other Clinic');
    manager = await newMember(t, owner, 'Manager');
  });
  afterAll(() => t.close());

  const create = (by: Staff, body: Record<string, unknown>) => t.http().put('/business/forms/create').set(by.h).send(body);
  let age: string;
  let insurance: string;

  it('creates fields per flow with names in the five languages, listed in position order', async () => {
    const a = await expectOk(
      await create(owner, { names: { en: 'Age', ar: 'العمر', fr: 'Âge', he: 'גיל', ru: 'Возраст' }, type: 'number', required: true }),
      201,
    );
    age = a.id;
    expect(a).toMatchObject({ flow: 'booking', type: 'number', required: true, options: [], position: 0, names: { ar: 'العمر', ru: 'Возраст' } });
    insurance = (await expectOk(await create(owner, { names: { en: 'Insurance' }, options: ['CNAM', 'Private'] }), 201)).id;
    await expectOk(await create(owner, { names: { en: 'Reason for visit' }, flow: 'queue' }), 201);
    const booking = await expectOk(await t.http().get('/business/forms?pagination=off&flow=booking').set(manager.h), 200);
    expect(booking.data.map((f: { id: string }) => f.id)).toEqual([age, insurance]);
    expect((await expectOk(await t.http().get('/business/forms?pagination=off').set(owner.h), 200)).data).toHaveLength(3);
    expect((await expectOk(await t.http().get('/business/forms?pagination=off&flow=queue').set(owner.h), 200)).data).toHaveLength(1);
  });

  it('refuses bad fields with 422 naming each one, writing nothing', async () => {
    const before = await head(t);
    const res = await create(owner, { names: { de: 'Alter' }, type: 'date' });
    expect(res.status).toBe(422);
    expect(res.body.errors.type).toBeDefined();
    const names = await create(owner, { names: { de: 'Alter' } });
    expect(Object.keys(names.body.errors).sort()).toEqual(['names', 'names.de']);
    expect((await create(owner, { names: { en: 'Size' }, type: 'number', options: ['big'] })).body.errors.options).toEqual([
      'The options of a number field must be numbers',
    ]);
    for (const body of [
      { names: { en: { text: 'Age' } } },
      { names: ['Age'] },
      { names: { en: 'Age' }, options: [null, {}] },
      { names: { en: 'Age' }, options: 'a,b' },
      { names: null },
    ]) {
      expect((await create(owner, body)).status).toBe(422);
    }
    expect(await head(t)).toBe(before);
  });

  it("holds a booking's additional data to the form: required, numbers, options, unknown fields", async () => {
    const book = (additional_data: Record<string, unknown>, time: string) =>
      t
        .http()
        .put('/business/booking/create')
        .set(owner.h)
        .send({ department_id: departmentId, starts_at: at(dayAhead(2), time), additional_data });
    const missing = await book({}, '09:00');
    expect(missing.status).toBe(422);
    expect(missing.body.errors[`additional_data.${age}`]).toEqual(['This field is required']);
    const wrong = await book({ [age]: 'old', [insurance]: 'Gold', nope: 1 }, '09:00');
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual([`additional_data.${age}`, `additional_data.${insurance}`, 'additional_data.nope'].sort());
    const ok = await expectOk(await book({ [age]: 42, [insurance]: 'CNAM' }, '09:00'), 201);
    expect(ok.additional_data).toMatchObject({ [age]: 42, [insurance]: 'CNAM' });
  });

  it('updates and deletes (administrators only), each business keeping its own', async () => {
    expect((await t.http().post(`/business/forms/${age}/update`).set(manager.h).send({ required: false })).status).toBe(403);
    expect((await create(manager, { names: { en: 'x' } })).status).toBe(403);
    const updated = await expectOk(await t.http().post(`/business/forms/${age}/update`).set(owner.h).send({ required: false }), 200);
    expect(updated).toMatchObject({ required: false, type: 'number', names: { en: 'Age' } });
    expect((await t.http().post(`/business/forms/${age}/update`).set(other.h).send({ required: true })).status).toBe(404);
    expect((await t.http().delete(`/business/forms/${age}/delete`).set(other.h)).status).toBe(404);
    expect((await t.http().get('/business/forms?pagination=off').set(other.h)).body.data).toEqual([]);
    expect((await t.http().delete(`/business/forms/${age}/delete`).set(manager.h)).status).toBe(403);
    await expectOk(await t.http().delete(`/business/forms/${age}/delete`).set(owner.h), 200);
    expect((await t.http().get(`/business/forms/${age}`).set(owner.h)).status).toBe(404);
  });
});
