import { CaptchaService } from '../apps/api/src/accounts/captcha.service';
import { createTestApp, TestApp } from './support/app';
import { STRONG_PASSWORD, uniqueEmail } from './support/fixtures';

describe('login with the captcha on', () => {
  let t: TestApp;
  let email: string;
  let captchas: CaptchaService;

  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA: 'on' });
    captchas = t.app.get(CaptchaService);
    email = uniqueEmail();
    const reg = await t.http().post('/business/account/register').send({
      business_name: 'Captcha Clinic',
      first_name: 'Cat',
      last_name: 'Cha',
      email,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
      terms: 'on',
    });
    expect(reg.status).toBe(201);
  });
  afterAll(() => t.close());

  const auth = (body: Record<string, unknown>) =>
    t
      .http()
      .post('/business/account/auth')
      .send({ email, password: STRONG_PASSWORD, ip: '', ...body });

  it('tells the login page, before any login, that the captcha is asked for', async () => {
    const res = await t.http().get('/business/account/login-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ captcha: true });
  });

  it('hands out a key and an SVG picture, never the text', async () => {
    const res = await t.http().get('/business/account/captcha');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['image', 'key']);
    expect(res.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.image.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('asks for the human check when it is missing', async () => {
    const res = await auth({});
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You MUST proove that you are human');
  });

  it('refuses a wrong code, and the captcha cannot be tried again', async () => {
    const { key, text } = await captchas.create();
    const wrong = await auth({ key, captcha: `${text}x` });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Incorrect security code');
    const replay = await auth({ key, captcha: text });
    expect(replay.status).toBe(422);
    expect(replay.body.message).toBe('Incorrect security code');
  });

  it('logs in with the right code, in any letter case, once', async () => {
    const { key, text } = await captchas.create();
    const ok = await auth({ key, captcha: text.toUpperCase() });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    expect((await auth({ key, captcha: text })).status).toBe(422);
  });

  it('refuses the legacy login without a captcha while the captcha is on', async () => {
    const res = await t.http().post('/business/account/auth/old').send({ email, password: STRONG_PASSWORD, ip: '' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You MUST proove that you are human');
  });
});
