import { createTestApp, TestApp } from './support/app';

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /health with 200 once ready', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.http().get('/business/nothing-here').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not found');
  });

  it('answers a malformed JSON body with 400 and a message, never a 500', async () => {
    const res = await t.http().post('/business/account/auth').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});
