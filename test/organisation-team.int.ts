import { createTestApp, TestApp } from './support/app';
import { mailboxDir, readMailbox } from '@tabour/notifications';
import { AppConfig } from '@tabour/platform';
import { APP_CONFIG } from '../apps/api/src/common/tokens';
import { OrganisationQueries } from '../apps/api/src/organisation/queries';
import { auth, login, STRONG_PASSWORD, uniqueEmail } from './support/fixtures';
import { head, newBusiness, newMember, Staff, staffAccounts, WEEK } from './support/organisation-fixtures';

describe('organisation: team and holidays', () => {
  let t: TestApp;
  let owner: Staff;
  let other: Staff;
  let department: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t, 'Team Clinic');
    other = await newBusiness(t, 'Other Clinic');
    department = (await t.http().put('/business/department/create').set(owner.h).send({ name: 'Front office' })).body.id;
  });
  afterAll(() => t.close());

  describe('team', () => {
    let memberId: string;
    const email = uniqueEmail('sara');

    it('lists the owner as an administrator from the start', async () => {
      const res = await t.http().get('/business/team?pagination=off').set(owner.h);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([expect.objectContaining({ id: owner.userId, position: 'Admin', role: 'ADMIN', email: owner.email })]);
    });

    it('adds a member with a login, who cannot log in before choosing a password', async () => {
      const res = await t.http().post('/business/team/create').set(owner.h).send({
        first_name: 'Sara',
        last_name: 'Ben Ali',
        email: email.toUpperCase(),
        phone: '+216 20 123 456',
        position: 'Secretary',
        department_id: department,
        is_bookable: true,
        member_since: '2026-02-01',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        first_name: 'Sara',
        email,
        position: 'Secretary',
        role: 'SECRETARY',
        department_id: department,
        department_name: 'Front office',
        is_bookable: true,
        member_since: '2026-02-01',
      });
      memberId = res.body.id;
      expect(await staffAccounts(t).isEmailAvailable(email)).toBe(false);
      const attempt = await t.http().post('/business/account/auth').send({ email, password: STRONG_PASSWORD });
      expect(attempt.status).toBeGreaterThanOrEqual(400);
    });

    it('refuses a used e-mail with the text the screens expect, and writes nothing', async () => {
      const before = await head(t);
      const res = await t
        .http()
        .post('/business/team/create')
        .set(owner.h)
        .send({ first_name: 'Dup', last_name: 'Dup', email: other.email, position: 'Employee' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Email is invalid or used by another account');
      expect(res.body.errors.email).toEqual(['Email is invalid or used by another account']);
      const invalid = await t.http().post('/business/team/create').set(owner.h).send({ first_name: '', last_name: 'X', position: 'Pilot' });
      expect(invalid.status).toBe(422);
      expect(Object.keys(invalid.body.errors).sort()).toEqual(['first_name', 'position']);
      expect(await head(t)).toBe(before);
    });

    it('takes a multipart form with a photo', async () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(32)]);
      const res = await t
        .http()
        .post('/business/team/create')
        .set(owner.h)
        .field('first_name', 'Photo')
        .field('last_name', 'Member')
        .field('position', 'Front Desk')
        .field('is_bookable', 'true')
        .attach('photo', png, 'me.png');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ role: 'FRONT_DESK', is_bookable: true, email: null });
      expect((await t.http().get(res.body.photo_url)).status).toBe(200);
    });

    it("updates a member and their hours; a member sets their own hours but nobody else's", async () => {
      const res = await t.http().post(`/business/team/${memberId}/update`).set(owner.h).send({ last_name: 'Ben Salah', role: 'MANAGER' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ last_name: 'Ben Salah', position: 'Secretary', role: 'MANAGER' });
      const week = WEEK({ monday: [['09:00', '13:00']] });
      const hours = await t.http().post(`/business/team/${memberId}/workingdays/update`).set(owner.h).send({ working_days: week });
      expect(hours.status).toBe(200);
      expect(hours.body.working_days[0]).toEqual({ day: 'monday', open: true, ranges: [{ from: '09:00', to: '13:00' }] });

      const agent = await newMember(t, owner, 'Employee');
      const own = await t.http().post(`/business/team/${agent.memberId}/workingdays/update`).set(agent.h).send({ working_days: week });
      expect(own.status).toBe(200);
      expect((await t.http().post(`/business/team/${memberId}/workingdays/update`).set(agent.h).send({ working_days: week })).status).toBe(403);
      expect((await t.http().post('/business/team/create').set(agent.h).send({ first_name: 'No', last_name: 'Way', position: 'Other' })).status).toBe(403);
      expect((await t.http().get('/business/team?page=1').set(agent.h)).body.total).toBeGreaterThanOrEqual(3);
    });

    it('shows the name and e-mail members give themselves on their profile', async () => {
      const agent = await newMember(t, owner, 'Other');
      const renamed = uniqueEmail('renamed');
      const profile = await t.http().post('/business/account/update').set(agent.h).send({ first_name: 'Renamed', email: renamed });
      expect(profile.status).toBe(200);
      expect((await t.http().get(`/business/team/${agent.memberId}`).set(owner.h)).body).toMatchObject({ first_name: 'Renamed', email: renamed });
      // A later team edit starts from the member's own change rather than undoing it.
      const edit = await t.http().post(`/business/team/${agent.memberId}/update`).set(owner.h).send({ is_bookable: true });
      expect(edit.body).toMatchObject({ first_name: 'Renamed', email: renamed, is_bookable: true });
      expect((await login(t, renamed, STRONG_PASSWORD)).userId).toBe(agent.memberId);
    });

    it('takes back a member record as read, and a position change in it moves the role', async () => {
      const manager = await newMember(t, owner, 'Manager');
      const record = (await t.http().get(`/business/team/${manager.memberId}`).set(owner.h)).body;
      const before = await head(t);
      expect((await t.http().post(`/business/team/${manager.memberId}/update`).set(owner.h).send(record)).body).toEqual(record);
      expect(await head(t)).toBe(before);
      const demoted = await t
        .http()
        .post(`/business/team/${manager.memberId}/update`)
        .set(owner.h)
        .send({ ...record, position: 'Employee' });
      expect(demoted.body).toMatchObject({ position: 'Employee', role: 'EMPLOYEE' });
      // The login follows: the next session carries the new role.
      const session = await login(t, manager.email, STRONG_PASSWORD);
      expect((await t.http().put('/business/department/create').set(auth(session.token)).send({ name: 'Nope' })).status).toBe(403);
    });

    it('keeps administrators for administrators', async () => {
      const manager = await newMember(t, owner, 'Manager');
      const before = await head(t);
      expect((await t.http().post('/business/team/create').set(manager.h).send({ first_name: 'New', last_name: 'Admin', position: 'Admin' })).status).toBe(403);
      expect((await t.http().post(`/business/team/${owner.userId}/update`).set(manager.h).send({ first_name: 'Hacked' })).status).toBe(403);
      expect((await t.http().delete(`/business/team/${owner.userId}/delete`).set(manager.h)).status).toBe(403);
      expect(await head(t)).toBe(before);
      const employee = await t.http().post('/business/team/create').set(manager.h).send({ first_name: 'Hired', last_name: 'ByManager', position: 'Employee' });
      expect(employee.status).toBe(201);
    });

    it('lets the owner edit their own member record, but not delete it', async () => {
      const res = await t.http().post(`/business/team/${owner.userId}/update`).set(owner.h).send({ phone: '+216 98 000 000', is_bookable: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ phone: '+216 98 000 000', is_bookable: true, role: 'ADMIN' });
      expect((await t.http().delete(`/business/team/${owner.userId}/delete`).set(owner.h)).status).toBe(409);
    });

    it("answers another business's member ids like missing ones", async () => {
      const before = await head(t);
      for (const call of [
        t.http().get(`/business/team/${memberId}`),
        t.http().post(`/business/team/${memberId}/update`).send({ first_name: 'Mine' }),
        t
          .http()
          .post(`/business/team/${memberId}/workingdays/update`)
          .send({ working_days: WEEK({}) }),
        t.http().delete(`/business/team/${memberId}/delete`),
      ]) {
        const res = await call.set(other.h);
        expect([res.status, res.body.message]).toEqual([404, 'No data found']);
      }
      const foreignDepartment = await t
        .http()
        .post('/business/team/create')
        .set(other.h)
        .send({ first_name: 'A', last_name: 'B', position: 'Employee', department_id: department });
      expect(foreignDepartment.status).toBe(422);
      expect(await head(t)).toBe(before);
    });

    it('removes a member and their login', async () => {
      const res = await t.http().delete(`/business/team/${memberId}/delete`).set(owner.h);
      expect(res.body).toEqual({ id: memberId });
      expect((await t.http().get(`/business/team/${memberId}`).set(owner.h)).status).toBe(404);
      expect(await staffAccounts(t).isEmailAvailable(email)).toBe(true);
    });

    it('gives a member with an e-mail a login: the code mailed to them sets a password, then they log in', async () => {
      const address = uniqueEmail('agent');
      const created = await t
        .http()
        .post('/business/team/create')
        .set(owner.h)
        .send({ first_name: 'Aya', last_name: 'Agent', email: address, position: 'Employee' });
      expect(created.status).toBe(201);
      const [mail] = await readMailbox(mailboxDir(t.app.get<AppConfig>(APP_CONFIG).dataDir), { to: address, limit: 1 });
      expect(mail.subject).toBe('Set your Tabour password');
      const code = /code: (\d{6})/.exec(mail.text)![1];
      const reset = await t
        .http()
        .post('/business/account/password/reset/update')
        .send({ email: address, code, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD });
      expect(reset.status).toBe(200);
      const session = await login(t, address, STRONG_PASSWORD);
      expect(session.userId).toBe(created.body.id);
      expect(session.businessId).toBe(owner.businessId);
      const me = await t.http().get(`/business/team/${created.body.id}`).set(auth(session.token));
      expect(me.body).toMatchObject({ email: address, role: 'EMPLOYEE' });
    });
  });

  describe('holidays', () => {
    it('closes the business for whole local days, across a daylight-saving change', async () => {
      await t.http().post('/business/update').set(owner.h).send({ time_zone: 'Europe/Paris' }).expect(200);
      const res = await t
        .http()
        .post('/business/holiday/create')
        .set(owner.h)
        .send({ type: 'holiday', scope: 'agency', reason: 'Easter', start_date: '2026-03-29', end_date: '2026-03-29' });
      expect(res.status).toBe(201);
      // 29 March 2026 is 23 hours long in Paris: summer time starts that night.
      expect(res.body).toMatchObject({
        starts_at: '2026-03-28T23:00:00.000Z',
        ends_at: '2026-03-29T22:00:00.000Z',
        start_date: '2026-03-29',
        end_date: '2026-03-29',
        all_day: true,
        status: 'approved',
      });
      // What a booking asks before offering a time: closed from local midnight to local midnight.
      const queries = t.app.get(OrganisationQueries);
      expect(await queries.closures(owner.businessId, new Date('2026-03-28T22:30:00Z'), new Date('2026-03-28T23:30:00Z'))).toHaveLength(1);
      expect(await queries.closures(owner.businessId, new Date('2026-03-28T22:00:00Z'), new Date('2026-03-28T23:00:00Z'))).toHaveLength(0);
      expect(await queries.closures(owner.businessId, new Date('2026-03-29T22:00:00Z'), new Date('2026-03-29T23:00:00Z'))).toHaveLength(0);
      expect((await queries.calendar(owner.businessId)).time_zone).toBe('Europe/Paris');
    });

    it('refuses an end before the start and an unknown type, and writes nothing', async () => {
      const before = await head(t);
      const backwards = await t
        .http()
        .post('/business/holiday/create')
        .set(owner.h)
        .send({ type: 'holiday', scope: 'agency', starts_at: '2026-05-02T10:00:00Z', ends_at: '2026-05-02T09:00:00Z' });
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors.ends_at).toBeDefined();
      const unknown = await t
        .http()
        .post('/business/holiday/create')
        .set(owner.h)
        .send({ type: 'party', scope: 'agency', start_date: '2026-05-01', end_date: '2026-05-01' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors.type).toBeDefined();
      expect(await head(t)).toBe(before);
    });

    it('lets a member ask for their own absence but not close the business', async () => {
      const agent = await newMember(t, owner, 'Employee');
      expect(
        (
          await t
            .http()
            .post('/business/holiday/create')
            .set(agent.h)
            .send({ type: 'holiday', scope: 'agency', start_date: '2026-06-01', end_date: '2026-06-02' })
        ).status,
      ).toBe(403);
      const mine = await t
        .http()
        .post('/business/holiday/create')
        .set(agent.h)
        .field('type', 'vacation')
        .field('scope', 'me')
        .field('start_date', '2026-07-01')
        .field('end_date', '2026-07-10');
      expect(mine.status).toBe(201);
      expect(mine.body).toMatchObject({ scope: 'me', member_ids: [agent.memberId], status: 'pending' });
      const approved = await t.http().post(`/business/holiday/${mine.body.id}/status`).set(owner.h).send({ status: 'approved' });
      expect(approved.body.status).toBe('approved');
      const members = await t
        .http()
        .post('/business/holiday/create')
        .set(owner.h)
        .send({ type: 'other', scope: 'members', member_ids: [agent.memberId], starts_at: '2026-09-01T08:00:00+02:00', ends_at: '2026-09-01T12:00:00+02:00' });
      expect(members.status).toBe(201);
      expect(members.body).toMatchObject({ all_day: false, starts_at: '2026-09-01T06:00:00.000Z', member_ids: [agent.memberId] });

      const seen = await t.http().get('/business/holiday?pagination=off').set(agent.h);
      expect(seen.body.total).toBe(3); // the closure, their request, their members entry
      const all = await t.http().get('/business/holiday?page=1').set(owner.h);
      expect(all.body).toMatchObject({ total: 3, page: 1 });
      const july = await t.http().get('/business/holiday?from=2026-07-05&to=2026-07-05').set(owner.h);
      expect(july.body.data.map((h: { id: string }) => h.id)).toEqual([mine.body.id]);

      expect((await t.http().get(`/business/holiday/${members.body.id}/delete`).set(agent.h)).status).toBe(403);
      expect((await t.http().get(`/business/holiday/${mine.body.id}/delete`).set(agent.h)).body).toEqual({ id: mine.body.id });
    });

    it("answers another business's holiday ids like missing ones", async () => {
      const h = await t
        .http()
        .post('/business/holiday/create')
        .set(owner.h)
        .send({ type: 'holiday', scope: 'agency', start_date: '2026-12-25', end_date: '2026-12-25' });
      const before = await head(t);
      expect((await t.http().get(`/business/holiday/${h.body.id}/delete`).set(other.h)).status).toBe(404);
      expect((await t.http().get(`/business/holiday/${h.body.id}`).set(other.h)).status).toBe(404);
      expect((await t.http().post(`/business/holiday/${h.body.id}/status`).set(other.h).send({ status: 'declined' })).status).toBe(404);
      expect((await t.http().get('/business/holiday?pagination=off').set(other.h)).body.total).toBe(0);
      expect(await head(t)).toBe(before);
      expect((await t.http().get(`/business/holiday/${h.body.id}/delete`).set(owner.h)).status).toBe(200);
    });
  });
});
