import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';

describe('resources: rooms and equipment', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  let desk: Staff;
  let manager: Staff;
  let departmentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Clinic One');
    other = await newBusiness(t, 'Clinic Two');
    desk = await newMember(t, owner, 'Front Desk');
    manager = await newMember(t, owner, 'Manager');
    const dep = await t.http().put('/business/department/create').set(owner.h).send({ name: 'Dental' });
    departmentId = dep.body.id;
  });
  afterAll(() => t.close());

  it('creates a room, reads it back and lists it', async () => {
    const res = await t
      .http()
      .put('/business/resource/create')
      .set(manager.h)
      .send({ name: 'Room 1', kind: 'room', capacity: 2, department_ids: [departmentId] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Room 1', kind: 'room', capacity: 2, department_ids: [departmentId], active: true });
    const one = await t.http().get(`/business/resource/${res.body.id}`).set(desk.h);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(res.body);
    const list = await t.http().get('/business/resource?page=1').set(desk.h);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, data: [expect.objectContaining({ id: res.body.id })] });
  });

  it('takes the defaults: a room for one booking at a time, active', async () => {
    const res = await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Scanner', kind: 'equipment' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'equipment', capacity: 1, department_ids: [], active: true });
    const found = await t.http().get('/business/resource?pagination=off&kind=equipment').set(owner.h);
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Scanner']);
  });

  it('updates only what is sent, and takes the record sent back whole', async () => {
    const made = await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Room 2' });
    const res = await t
      .http()
      .post(`/business/resource/${made.body.id}/update`)
      .set(owner.h)
      .send({ ...made.body, capacity: 3, active: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Room 2', capacity: 3, active: false });
  });

  it('refuses bad fields with 422 naming each one, and writes nothing', async () => {
    const before = await head(t);
    const res = await t.http().put('/business/resource/create').set(owner.h).send({ name: '', kind: 'car', capacity: 0 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['capacity', 'kind', 'name']);
    const foreign = await t
      .http()
      .put('/business/resource/create')
      .set(owner.h)
      .send({ name: 'Room', department_ids: [randomUUID()] });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors)).toEqual(['department_ids']);
    expect(await head(t)).toBe(before);
  });

  it("refuses another business's department", async () => {
    const theirs = await t.http().put('/business/department/create').set(other.h).send({ name: 'Theirs' });
    const res = await t
      .http()
      .put('/business/resource/create')
      .set(owner.h)
      .send({ name: 'Room', department_ids: [theirs.body.id] });
    expect(res.status).toBe(422);
    expect(res.body.errors.department_ids).toEqual(['Select valid departments']);
  });

  it('lets only ADMIN and MANAGER change resources; every staff member reads them', async () => {
    const made = await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Room 3' });
    expect((await t.http().put('/business/resource/create').set(desk.h).send({ name: 'Mine' })).status).toBe(403);
    expect((await t.http().post(`/business/resource/${made.body.id}/update`).set(desk.h).send({ name: 'Mine' })).status).toBe(403);
    expect((await t.http().delete(`/business/resource/${made.body.id}/delete`).set(desk.h)).status).toBe(403);
    expect((await t.http().get(`/business/resource/${made.body.id}`).set(desk.h)).status).toBe(200);
    expect((await t.http().get('/business/resource')).status).toBe(401);
  });

  it("answers another business's resource exactly like a missing one", async () => {
    const made = await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Private room' });
    const id = made.body.id;
    for (const res of [
      await t.http().get(`/business/resource/${id}`).set(other.h),
      await t.http().post(`/business/resource/${id}/update`).set(other.h).send({ name: 'Taken' }),
      await t.http().delete(`/business/resource/${id}/delete`).set(other.h),
      await t.http().get('/business/resource/00000000-0000-4000-8000-000000000000').set(owner.h),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await t.http().get('/business/resource?pagination=off').set(other.h)).body.data).toEqual([]);
    expect((await t.http().get(`/business/resource/${id}`).set(owner.h)).body.name).toBe('Private room');
  });

  it('deletes a resource, which then answers 404', async () => {
    const made = await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Old room' });
    const res = await t.http().delete(`/business/resource/${made.body.id}/delete`).set(owner.h);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: made.body.id });
    expect((await t.http().get(`/business/resource/${made.body.id}`).set(owner.h)).status).toBe(404);
    expect((await t.http().delete(`/business/resource/${made.body.id}/delete`).set(owner.h)).status).toBe(404);
  });

  it('answers 404 for an id that is not one, as for a missing record', async () => {
    expect((await t.http().get('/business/resource/not-an-id').set(owner.h)).status).toBe(404);
  });
});
