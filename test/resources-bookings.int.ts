import { ProjectionRegistry } from '../apps/api/src/eventing/projection-registry';
import { at, bookableBusiness, dayAhead, expectOk } from './bookings-fixtures';
import { createTestApp, TestApp } from './support/app';
import { newBusiness, Staff } from './support/organisation-fixtures';
import { asyncProjectionsCaughtUp, readModelsEqualRebuild } from './support/rebuild-check';

/** A booking names the rooms and equipment it reserves; each holds at most its capacity at once. */
describe('resources reserved by bookings', () => {
  let t: TestApp;
  let owner: Staff;
  let departmentId: string;
  let room: string;
  let pair: string;
  const day = dayAhead(3);

  beforeAll(async () => {
    t = await createTestApp();
    // Many bookings per slot: only the resources limit them here.
    ({ owner, departmentId } = await bookableBusiness(t, 'Clinic Rooms', { max_bookings_per_slot: 10 }));
    room = (await expectOk(await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Room 1', capacity: 1 }), 201)).id;
    pair = (await expectOk(await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Chairs', kind: 'equipment', capacity: 2 }), 201)).id;
  });
  afterAll(() => t.close());

  const book = (body: Record<string, unknown>) =>
    t
      .http()
      .put('/business/booking/create')
      .set(owner.h)
      .send({ department_id: departmentId, ...body });

  it('refuses a second booking of a room that holds one, with a field error on resource_ids', async () => {
    await expectOk(await book({ starts_at: at(day, '09:00'), resource_ids: [room] }), 201);
    const res = await book({ starts_at: at(day, '09:00'), resource_ids: [room] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'resource_full', errors: { resource_ids: [expect.stringMatching(/already holds/)] } });
    // Back to back is no overlap; a booking naming no resource is not held back by it.
    await expectOk(await book({ starts_at: at(day, '09:30'), resource_ids: [room] }), 201);
    await expectOk(await book({ starts_at: at(day, '09:00') }), 201);
  });

  it('holds as many bookings at once as the capacity says', async () => {
    await expectOk(await book({ starts_at: at(day, '11:00'), resource_ids: [pair] }), 201);
    await expectOk(await book({ starts_at: at(day, '11:00'), resource_ids: [pair] }), 201);
    expect((await book({ starts_at: at(day, '11:00'), resource_ids: [pair] })).body.code).toBe('resource_full');
  });

  it('gives the last place to one of three desks booking at the same time', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => book({ starts_at: at(day, '14:00'), resource_ids: [room] })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422, 422]);
  });

  it('lets a cancelled booking free its resource', async () => {
    const first = await expectOk(await book({ starts_at: at(day, '13:00'), resource_ids: [room] }), 201);
    expect((await book({ starts_at: at(day, '13:00'), resource_ids: [room] })).status).toBe(422);
    await expectOk(await t.http().post(`/business/booking/${first.id}/cancel`).set(owner.h).send({ reason: null }), 200);
    await expectOk(await book({ starts_at: at(day, '13:00'), resource_ids: [room] }), 201);
  });

  it('refuses a move onto a time the resource is full', async () => {
    await expectOk(await book({ starts_at: at(day, '15:00'), resource_ids: [room] }), 201);
    const other = await expectOk(await book({ starts_at: at(day, '16:00'), resource_ids: [room] }), 201);
    const res = await t
      .http()
      .post(`/business/booking/${other.id}/update`)
      .set(owner.h)
      .send({ starts_at: at(day, '15:00') });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('resource_full');
    const kept = await expectOk(await t.http().get(`/business/booking/${other.id}`).set(owner.h), 200);
    expect(kept.slot).toBe('16:00');
    await expectOk(
      await t
        .http()
        .post(`/business/booking/${other.id}/update`)
        .set(owner.h)
        .send({ starts_at: at(day, '16:30') }),
      200,
    );
  });

  it("refuses a resource that is not the business's, or not active", async () => {
    const stranger = await newBusiness(t, 'Other Clinic');
    const theirs = (await expectOk(await t.http().put('/business/resource/create').set(stranger.h).send({ name: 'Theirs' }), 201)).id;
    const off = (await expectOk(await t.http().put('/business/resource/create').set(owner.h).send({ name: 'Closed room', active: false }), 201)).id;
    for (const id of [theirs, off, '00000000-0000-4000-8000-000000000000']) {
      const res = await book({ starts_at: at(day, '17:00'), resource_ids: [id] });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['resource_ids']);
    }
    expect((await book({ starts_at: at(day, '17:00'), resource_ids: ['not-an-id'] })).status).toBe(422);
  });

  const update = (id: string, body: Record<string, unknown>) => t.http().post(`/business/booking/${id}/update`).set(owner.h).send(body);

  it('changes the resources of a booking, with the same check, and shows them in its answer', async () => {
    const made = await expectOk(await book({ starts_at: at(day, '12:00'), resource_ids: [pair] }), 201);
    expect(made.resource_ids).toEqual([pair]);
    const both = await expectOk(await update(made.id, { resource_ids: [room, pair] }), 200);
    expect(both.resource_ids).toEqual([room, pair].sort());
    expect((await expectOk(await t.http().get(`/business/booking/${made.id}`).set(owner.h), 200)).resource_ids).toEqual([room, pair].sort());
    // The room is now full at noon: another booking taking it there is refused, and so is an update giving it to one.
    expect((await book({ starts_at: at(day, '12:00'), resource_ids: [room] })).body.code).toBe('resource_full');
    const other = await expectOk(await book({ starts_at: at(day, '12:00') }), 201);
    const refused = await update(other.id, { resource_ids: [room] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'resource_full', errors: { resource_ids: [expect.stringMatching(/already holds/)] } });
    expect((await expectOk(await t.http().get(`/business/booking/${other.id}`).set(owner.h), 200)).resource_ids).toEqual([]);
    // Freeing the room lets the other booking take it; moving and changing at once is checked at the new time.
    expect((await expectOk(await update(made.id, { resource_ids: [pair] }), 200)).resource_ids).toEqual([pair]);
    expect((await expectOk(await update(other.id, { resource_ids: [room] }), 200)).resource_ids).toEqual([room]);
    const moved = await expectOk(await update(made.id, { starts_at: at(day, '12:30'), resource_ids: [room] }), 200);
    expect(moved).toMatchObject({ slot: '12:30', resource_ids: [room] });
    expect((await update(made.id, { starts_at: at(day, '12:00') })).body.code).toBe('resource_full');
    expect((await expectOk(await update(made.id, { resource_ids: [] }), 200)).resource_ids).toEqual([]);
    const unknown = await update(other.id, { resource_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['resource_ids']);
  });

  it('words a change of resources in the activity log by their names', async () => {
    const made = await expectOk(await book({ starts_at: at(day, '10:00'), resource_ids: [pair] }), 201);
    await expectOk(await update(made.id, { resource_ids: [room] }), 200);
    const log = await expectOk(await t.http().get('/business/activity').query({ record_id: made.id }).set(owner.h), 200);
    const params = (type: string) => log.data.find((i: { type: string }) => i.type === type)?.sentence.params;
    expect(params('BookingCreated')).toMatchObject({ resources: 'Chairs' });
    expect(params('BookingUpdated')).toMatchObject({ resources: 'Room 1' });
  });

  it('rebuilds the resources and the bookings holding them into the very rows the live run wrote', async () => {
    const registry = t.app.get(ProjectionRegistry);
    // The statistics follow from a subscription: the live rows are judged once it has caught up.
    await asyncProjectionsCaughtUp(t.database.db, registry);
    const rebuilt = await readModelsEqualRebuild(t.database.db, registry);
    expect(rebuilt.tables).toBeGreaterThan(10);
    const held = await t.database.db.selectFrom('booking_resources').select('resource_id').execute();
    expect(held.length).toBeGreaterThan(0);
  });
});
