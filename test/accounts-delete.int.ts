import { createTestApp, TestApp } from './support/app';
import { auth, login, registerBusiness, STRONG_PASSWORD } from './support/fixtures';

/** DELETE /business/delete asks for the password again and the business's name typed out. */
describe('deleting a business', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const remove = (token: string, body: Record<string, unknown>, address = '192.0.2.10') =>
    t.http().delete('/business/delete').set(auth(token)).set('X-Forwarded-For', address).send(body);

  it('names the missing or mistyped field with 422, refuses a wrong password with 403, and deletes nothing until both are right', async () => {
    const owner = await registerBusiness(t, 'Clinique Étoile');

    const bare = await remove(owner.token, {});
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.errors).sort()).toEqual(['confirmation', 'password']);

    const noPassword = await remove(owner.token, { confirmation: 'Clinique Étoile' });
    expect(noPassword.status).toBe(422);
    expect(Object.keys(noPassword.body.errors)).toEqual(['password']);

    const mistyped = await remove(owner.token, { password: STRONG_PASSWORD, confirmation: 'clinique etoile' });
    expect(mistyped.status).toBe(422);
    expect(Object.keys(mistyped.body.errors)).toEqual(['confirmation']);

    const wrongPassword = await remove(owner.token, { password: 'Wrong!Pass1', confirmation: 'Clinique Étoile' });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body.code).toBe('wrong_password');

    // Still there: the token works and the owner can log in.
    expect((await t.http().get('/business/privacy').set(auth(owner.token))).status).toBe(200);

    const done = await remove(owner.token, { password: STRONG_PASSWORD, confirmation: '  Clinique Étoile ' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ deleted: true, logins_removed: 1 });
    expect((await t.http().get('/business/privacy').set(auth(owner.token))).status).toBe(401);
    await expect(login(t, owner.email, STRONG_PASSWORD)).rejects.toThrow(/401/);
  });

  it('counts password guesses against the login limits, so a session cannot be used to guess the password', async () => {
    const owner = await registerBusiness(t, 'Guarded Clinic');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await remove(owner.token, { password: `Wrong!Pass${i}`, confirmation: 'Guarded Clinic' }, '192.0.2.77')).status);
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
  });
});
