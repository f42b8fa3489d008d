import { createTestApp, TestApp } from './support/app';
import { auth, STRONG_PASSWORD, uniqueEmail } from './support/fixtures';
import { head, newBusiness, Staff } from './support/organisation-fixtures';
import { newQueue } from './support/queue-fixtures';
import { fillPath, listRoutes } from './support/routes';

const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
/** About 1.5 MB: 100,000 keys. */
const manyKeys = (n: number): string => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;

const UNAUTHENTICATED: [string, string][] = [
  ['post', '/business/account/auth'],
  ['post', '/business/account/register'],
  ['post', '/business/account/password/reset'],
  ['post', '/kiosk/auth'],
  ['post', '/display/auth'],
  ['put', '/user/queue/00000000-0000-4000-8000-000000000000/request'],
];

describe('hostile input', () => {
  let t: TestApp;
  let owner: Staff;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await newBusiness(t);
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, raw: string) =>
    t.http()[method as 'post'](url).set('Content-Type', 'application/json').set('Accept', 'application/json').send(raw);

  it.each(UNAUTHENTICATED)('refuses JSON nested 2,000 levels deep on %s %s with a 400 that says so', async (method, url) => {
    const res = await send(method, url, deep(2000));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/nested more than \d+ levels/);
  });

  it('holds JSON text in a form field to the same limits: a deep working_days is a 422, not a 500', async () => {
    const before = await head(t);
    const res = await t
      .http()
      .post('/business/team/create')
      .set(owner.h)
      .field('first_name', 'Deep')
      .field('last_name', 'Form')
      .field('position', 'Employee')
      .field('working_days', deep(5000));
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('working_days');
    expect(await head(t)).toBe(before);
  });

  it('refuses a 1.5 MB body of 100,000 keys at once, and /health answers meanwhile', async () => {
    const body = manyKeys(100_000);
    expect(body.length).toBeGreaterThan(1_000_000);
    const started = Date.now();
    const hostile = Promise.all([1, 2, 3].map(() => send('post', '/business/account/auth', body)));
    const health = await t.http().get('/health');
    const answers = await hostile;
    expect(health.status).toBe(200);
    expect(answers.map((r) => r.status)).toEqual([413, 413, 413]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a body under the size limit but with too many keys before parsing it', async () => {
    const body = manyKeys(30_000);
    expect(body.length).toBeLessThan(512 * 1024);
    const started = Date.now();
    const res = await send('post', '/business/account/register', body);
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/more than \d+ fields/);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('answers null where text is expected with a 422 naming the field, and writes nothing', async () => {
    const queue = await newQueue(t, owner);
    const before = await head(t);
    const counter = await t.http().post(`/business/queue/${queue.id}/counter/${queue.counters[0].id}/update`).set(owner.h).send({ name: null });
    expect(counter.status).toBe(422);
    expect(Object.keys(counter.body.errors)).toContain('name');
    const account = await t.http().post('/business/account/update').set(auth(owner.token)).send({ email: null });
    expect(account.status).toBe(422);
    expect(Object.keys(account.body.errors)).toContain('email');
    expect(await head(t)).toBe(before);
  });

  it('still takes null for a field declared nullable (clearing the phone)', async () => {
    const res = await t.http().post('/business/account/update').set(auth(owner.token)).send({ phone: null });
    expect(res.status).toBe(200);
  });

  it.each([
    [
      '/business/account/register',
      {
        business_name: 'B',
        first_name: 'F',
        last_name: 'L',
        email: '\ud800x@a.io',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
        terms: true,
      },
    ],
    ['/business/account/password/reset', { email: '\ud800x@a.io' }],
    ['/business/account/password/reset/update', { email: '\ud800x@a.io', code: '123456', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD }],
  ])('answers a lone surrogate on %s with a 422 naming the field', async (url, body) => {
    const res = await t.http().post(url).send(body);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain('email');
  });

  it('refuses a body field the call does not know, by name', async () => {
    const before = await head(t);
    const res = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Ada', favourite_colour: 'green' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('favourite_colour');
    expect(await head(t)).toBe(before);
  });

  it("takes the specification's phone_number for a customer's phone", async () => {
    const res = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Ada', phone_number: '+21620123456' });
    expect(res.status).toBe(201);
    const read = await t.http().get(`/business/customer/${res.body.id}`).set(owner.h);
    expect(read.body.phone).toBe('+21620123456');
  });

  it('strips bidirectional controls from an attachment name, so it shows as what it is', async () => {
    const customer = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Bidi' });
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const up = await t
      .http()
      .post('/business/customer/attachments/add')
      .set(owner.h)
      .field('customer_id', customer.body.id)
      .attach('file', pdf, '\u202Ecod.\u2066pdf\u2069');
    expect(up.status).toBe(201);
    expect(up.body.file_name).toBe('cod.pdf');
  });

  describe('text that is not UTF-8', () => {
    // "Zo\xe9": Latin-1's é, a lone continuation byte, and an overlong encoding of "/".
    // supertest would write a Buffer as JSON ({"type":"Buffer",…}) for a JSON or form type: sent as the bytes they are.
    const asBytes = ((b: Buffer) => b) as unknown as (obj: unknown) => string;
    const INVALID = [Buffer.from([0x5a, 0x6f, 0xe9]), Buffer.from([0x41, 0x80]), Buffer.from([0xc0, 0xaf])];

    it.each(INVALID.map((b) => [b.toString('hex'), b]))(
      'refuses a JSON body holding the bytes %s with 400 before parsing it, and writes nothing',
      async (_hex, bytes) => {
        const before = await head(t);
        const body = Buffer.concat([Buffer.from('{"first_name":"'), bytes, Buffer.from('"}')]);
        const res = await t.http().put('/business/customer/create').set(owner.h).set('Content-Type', 'application/json').serialize(asBytes).send(body);
        expect(res.body).toEqual({ message: 'The request body is not valid UTF-8', code: 'malformed_body' });
        expect(res.status).toBe(400);
        expect(await head(t)).toBe(before);
      },
    );

    it('refuses a URL-encoded form whose raw bytes are not UTF-8, and takes well-formed text of any script', async () => {
      const before = await head(t);
      const form = Buffer.concat([Buffer.from('last_name='), INVALID[0]]);
      const refused = t.http().post('/business/account/update').set(auth(owner.token)).set('Content-Type', 'application/x-www-form-urlencoded');
      refused.write(form);
      const answer = await refused;
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('malformed_body');
      expect(await head(t)).toBe(before);
      const customer = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Zoé 😀 زينب' });
      expect(customer.status).toBe(201);
      expect(customer.body.first_name).toBe('Zoé 😀 زينب');
    });
  });

  describe('content types', () => {
    const ZERO = '00000000-0000-4000-8000-000000000000';
    // Every route of the app that takes a body; the catch-all that answers unknown paths is not one.
    // Each call is made with the token it takes, so that only the body's type can refuse it.
    const tokens: Record<string, Record<string, string>> = {};
    beforeAll(async () => {
      for (const kind of ['kiosk', 'display']) {
        const device = await t
          .http()
          .post(`/business/${kind}/create`)
          .set(owner.h)
          .send({ name: `Typed ${kind}` });
        const session = await t.http().post(`/${kind}/auth`).send({ key: device.body.key, secret: device.body.secret });
        tokens[kind] = auth(session.body.token);
      }
    });
    const tokenFor = (path: string) => tokens[path.split('/')[1]] ?? owner.h;
    const bodyRoutes = () => listRoutes(t.app).filter((r) => r.method !== 'GET');

    it.each([
      ['text/plain', 'text/plain', '{"first_name":"Plain"}'],
      ['application/xml', 'application/xml', '<customer><first_name>Xml</first_name></customer>'],
      ['JSON labelled application/xml', 'application/xml', '{"first_name":"Xml"}'],
      ['no Content-Type', '', '{"first_name":"None"}'],
    ])('refuses a body sent as %s with 415 on every call that takes a body, and writes nothing', async (_label, type, text) => {
      const routes = bodyRoutes();
      expect(routes.length).toBeGreaterThan(100);
      const before = await head(t);
      const wrong: string[] = [];
      for (const r of routes) {
        const url = fillPath(r.path, Object.fromEntries(r.params.map((p) => [p, ZERO])));
        let req = t.http()[r.method.toLowerCase() as 'post'](url).set(tokenFor(r.path)).set('Accept', 'application/json');
        // supertest names a type for a string body unless told one: the raw bytes go with none.
        req = type ? req.set('Content-Type', type).send(text) : req.send(Buffer.from(text));
        const res = await req.catch((e: Error) => ({ status: 0, body: { error: e.message } }));
        if (res.status !== 415 || res.body.code !== 'unsupported_media_type')
          wrong.push(`${r.method} ${r.path} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect(await head(t)).toBe(before);
    });

    it('refuses a URL-encoded form on a call that reads JSON only, and takes it where forms are read', async () => {
      const queue = await newQueue(t, owner);
      const before = await head(t);
      const res = await t.http().post(`/business/queue/${queue.id}/counter/${queue.counters[0].id}/update`).set(owner.h).type('form').send({ name: 'Renamed' });
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/JSON \(application\/json\), not application\/x-www-form-urlencoded/);
      expect(await head(t)).toBe(before);
      const form = await t.http().post('/business/account/update').set(auth(owner.token)).type('form').send({ last_name: 'Formed' });
      expect(form.status).toBe(200);
    });

    it('leaves a customer unchanged and pushes no ticket when JSON arrives as text/plain', async () => {
      const customer = await t.http().put('/business/customer/create').set(owner.h).send({ first_name: 'Plain' });
      const queue = await newQueue(t, owner);
      const before = await head(t);
      const update = await t
        .http()
        .post(`/business/customer/${customer.body.id}/update`)
        .set(owner.h)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify({ first_name: 'Changed' }));
      expect(update.status).toBe(415);
      const push = await t.http().put(`/business/queue/${queue.id}/push`).set(owner.h).set('Content-Type', 'text/plain').send('{}');
      expect(push.status).toBe(415);
      expect(await head(t)).toBe(before);
      expect((await t.http().get(`/business/customer/${customer.body.id}`).set(owner.h)).body.first_name).toBe('Plain');
    });

    it('takes a request without a body whatever its Content-Type says, and JSON with a charset', async () => {
      const queue = await newQueue(t, owner);
      const open = await t.http().post(`/business/queue/${queue.id}/counter/${queue.counters[0].id}/open`).set(owner.h).set('Content-Type', 'text/plain');
      expect(open.status).toBe(200);
      const renamed = await t
        .http()
        .post(`/business/queue/${queue.id}/counter/${queue.counters[0].id}/update`)
        .set(owner.h)
        .set('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ name: 'Desk A' }));
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Desk A');
    });
  });

  describe('forms (docs/product.md#request-bodies)', () => {
    const registration = (email: string) => ({
      business_name: 'Form Clinic',
      first_name: 'Form',
      last_name: 'Owner',
      email,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
      terms: 'on',
      country: 'TN',
    });

    it('registers from a URL-encoded form', async () => {
      const res = await t
        .http()
        .post('/business/account/register')
        .type('form')
        .send(registration(uniqueEmail('urlenc')));
      expect(res.status).toBe(201);
    });

    it('registers from a multipart form, with the same validation', async () => {
      let req = t.http().post('/business/account/register');
      for (const [k, v] of Object.entries(registration(uniqueEmail('multipart')))) req = req.field(k, v);
      expect((await req).status).toBe(201);
      let bad = t.http().post('/business/account/register');
      for (const [k, v] of Object.entries({ ...registration('not-an-email'), terms: '' })) bad = bad.field(k, v);
      const refused = await bad;
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toHaveProperty('email');
      expect(refused.body.errors).toHaveProperty('terms');
    });

    it('refuses a multipart form on a call that takes JSON only, rather than ignoring it', async () => {
      const queue = await newQueue(t, owner);
      const before = await head(t);
      const res = await t.http().post(`/business/queue/${queue.id}/counter/${queue.counters[0].id}/update`).set(owner.h).field('name', 'Renamed');
      expect(res.status).toBe(415);
      expect(res.body.message).toMatch(/JSON/);
      expect(await head(t)).toBe(before);
    });

    it('updates the account from a multipart and a URL-encoded form', async () => {
      const multipart = await t.http().post('/business/account/update').set(auth(owner.token)).field('first_name', 'Multi').field('phone', '');
      expect(multipart.status).toBe(200);
      expect(multipart.body.first_name).toBe('Multi');
      const urlencoded = await t.http().post('/business/account/update').set(auth(owner.token)).type('form').send({ last_name: 'Encoded' });
      expect(urlencoded.status).toBe(200);
      expect(urlencoded.body.last_name).toBe('Encoded');
      const unknown = await t.http().post('/business/account/update').set(auth(owner.token)).field('nickname', 'x');
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toHaveProperty('nickname');
    });
  });
});
