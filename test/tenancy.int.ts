import { createTestApp, TestApp } from './support/app';
import { head, newBusiness, newMember, Staff, WEEK } from './support/organisation-fixtures';
import { fillPath, listRoutes, RouteInfo } from './support/routes';

/** Path parameters that name no record of a business. */
// A message template is named by its type, language and channel: every business has each.
const NOT_IDS = new Set(['email', 'keyword', 'book_id', 'old', 'new', 'command', 'type', 'language', 'channel']);
/** A customer book is named by its category: a real one, so the customer in the path is what is tested. Ranks are ranks. */
const NOT_ID_VALUES: Record<string, string> = { book_id: 'VIP', old: '1', new: '2', command: 'refresh' };
/**
 * Capability URLs, public by design: whoever holds the unguessable name may read it (logos shown
 * on kiosks, displays and ticket pages). Their own tests cover that a guessed name answers 404.
 */
const CAPABILITY_URLS = new Set(['GET /business/uploads/:tenant/:file']);
/** The operator's coupons are named by their code, which any business may check: no business's record. */
const OPERATOR_WIDE = new Set(['GET /business/billing/coupon/:id']);
/** A ticket's or a join request's link, a queue's public join page: the uid or the queue id is the capability (their own tests check what they reveal). */
const isCapability = (r: RouteInfo) =>
  CAPABILITY_URLS.has(`${r.method} ${r.path}`) ||
  r.path.startsWith('/user/queue/uid/') ||
  r.path.startsWith('/user/queue/archive/uid/') ||
  r.path.startsWith('/user/queue/request/') ||
  r.path === '/user/queue/:queue_id/request';

/**
 * Every call that takes an id, made with another business's token on this business's records:
 * each answers 404, exactly like a missing record, and changes nothing. A new call with an id
 * that this table cannot fill fails the test until a fixture for it is added.
 */
describe('tenancy: another business can reach nothing', () => {
  let t: TestApp;
  let a: Staff;
  let b: Staff;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    a = await newBusiness(t, 'Business A');
    b = await newBusiness(t, 'Business B');
    const service = await t
      .http()
      .put('/business/service/create')
      .set(a.h)
      .send({ name: 'A-only consultation', price: 10, duration: 15, duration_unit: 'minutes' });
    expect(service.status).toBe(201);
    const department = await t
      .http()
      .put('/business/department/create')
      .set(a.h)
      .send({ name: 'A-only department', service_ids: [service.body.id] });
    expect(department.status).toBe(201);
    const member = await newMember(t, a, 'Employee');
    const holiday = await t
      .http()
      .post('/business/holiday/create')
      .set(a.h)
      .send({ type: 'holiday', scope: 'agency', reason: 'A-only closing', starts_at: '2031-01-01T00:00:00Z', ends_at: '2031-01-02T00:00:00Z' });
    expect(holiday.status).toBe(201);
    const resource = await t.http().put('/business/resource/create').set(a.h).send({ name: 'A-only room', kind: 'room', capacity: 2 });
    expect(resource.status).toBe(201);
    const customer = await t.http().put('/business/customer/create').set(a.h).send({ first_name: 'A-only customer', phone: '+21620123456' });
    expect(customer.status).toBe(201);
    const attachment = await t
      .http()
      .post('/business/customer/attachments/add')
      .set(a.h)
      .field('customer_id', customer.body.id)
      .attach('file', Buffer.from('A-only note\n'), 'note.txt');
    expect(attachment.status).toBe(201);
    const queue = await t
      .http()
      .put('/business/queue/create')
      .set(a.h)
      .send({ name: 'A-only queue', counters: [{ name: 'A-only desk' }] });
    expect(queue.status).toBe(201);
    const target = await t.http().put('/business/queue/create').set(a.h).send({ name: 'A-only target' });
    const ticket = await t.http().put(`/business/queue/${queue.body.id}/push`).set(a.h).send({ customer_name: 'A-only walk-in' });
    const ticket2 = await t.http().put(`/business/queue/${queue.body.id}/push`).set(a.h).send({ customer_name: 'A-only second' });
    expect([ticket.status, ticket2.status]).toEqual([201, 201]);
    const joined = await t.http().put(`/user/queue/${queue.body.id}/request`).send({ name: 'A-only remote join', phone: '+21620123999' });
    expect(joined.status).toBe(201);
    const request = (await t.http().get(`/business/queue/${queue.body.id}/requests?pagination=off`).set(a.h)).body.data[0];
    const noteType = await t.http().post('/business/note-type/create').set(a.h).send({ name: 'A-only note type' });
    expect(noteType.status).toBe(201);
    const kiosk = await t
      .http()
      .post('/business/kiosk/create')
      .set(a.h)
      .send({ name: 'A-only kiosk', queue_ids: [queue.body.id] });
    expect(kiosk.status).toBe(201);
    const display = await t
      .http()
      .post('/business/display/create')
      .set(a.h)
      .send({ name: 'A-only display', queue_ids: [queue.body.id] });
    expect(display.status).toBe(201);
    await t
      .http()
      .post('/business/bookingdays/update')
      .set(a.h)
      .send({
        working_days: WEEK(
          Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [['08:00', '18:00']]])),
        ),
      })
      .expect(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const booking = await t
      .http()
      .put('/business/booking/create')
      .set(a.h)
      .send({ department_id: department.body.id, starts_at: `${tomorrow}T10:00:00Z` });
    expect(booking.status).toBe(201);
    const payment = await t.http().post('/business/booking/transaction/create').set(a.h).send({ booking_id: booking.body.id, amount: 5, method: 'cash' });
    expect(payment.status).toBe(201);
    // While A confirms bookings, an online booking waits as a request.
    await t.http().post('/business/update').set(a.h).send({ booking_confirmation: true }).expect(200);
    const bookingRequest = await t
      .http()
      .put('/business/booking/create')
      .set(a.h)
      .send({ department_id: department.body.id, starts_at: `${tomorrow}T11:00:00Z`, is_online: true });
    expect(bookingRequest.status).toBe(202);
    const formField = await t
      .http()
      .put('/business/forms/create')
      .set(a.h)
      .send({ names: { en: 'A-only field' } });
    expect(formField.status).toBe(201);
    const rule = await t.http().put('/business/rules/create').set(a.h).send({ name: 'A-only rule', action: 'approve' });
    expect(rule.status).toBe(201);
    const reportSetting = await t
      .http()
      .post('/business/report-settings/create')
      .set(a.h)
      .send({
        title: 'A-only report',
        queue_id: queue.body.id,
        trigger_kpi: 'total_waiting',
        trigger_operator: 'gte',
        trigger_value: 5,
        member_id: member.memberId,
        content: { en: '{{title}}' },
      });
    expect(reportSetting.status).toBe(201);
    const apiKey = await t
      .http()
      .put('/business/integrations/keys/create')
      .set(a.h)
      .send({ name: 'A-only key', scopes: ['feed:read'] });
    expect(apiKey.status).toBe(201);
    const category = await t.http().post('/business/category/create').set(a.h).send({ name: 'A-only category' });
    expect(category.status).toBe(201);
    const webhook = await t
      .http()
      .post('/business/integrations/webhooks')
      .set(a.h)
      .send({ url: 'http://127.0.0.1:9/a-only', event_types: ['ticket.called'] });
    expect(webhook.status).toBe(201);
    // A delivery already made, as the sender leaves it (no call makes one; delivered, so no sender picks it up).
    const delivery = crypto.randomUUID();
    await t.database.db
      .insertInto('webhook_deliveries')
      .values({
        id: delivery,
        tenant_id: a.businessId,
        webhook_id: webhook.body.id,
        dedupe_key: 'a-only',
        event_id: crypto.randomUUID(),
        position: 1,
        event_type: 'ticket.called',
        record_key: 'ticket:a-only',
        body: '{}',
        cause: 'event',
        status: 'delivered',
      })
      .execute();
    // A card, a paid membership period and its invoice (the local test provider takes the card).
    const card = await t.http().put('/business/billing/create').set(a.h).send({ card_number: '4242424242424242', exp_month: 12, exp_year: 2034 });
    expect(card.status).toBe(201);
    const purchase = await t.http().post('/business/membership/update').set(a.h).send({ package: 'LIBERUP', plan: 'monthly' });
    expect(purchase.status).toBe(200);
    const period = await t.http().get('/business/membership/periods').set(a.h);
    // A staff notice as the reactors write it (no call makes one).
    const notice = crypto.randomUUID();
    await t.database.db
      .insertInto('staff_notifications')
      .values({ id: notice, tenant_id: a.businessId, kind: 'booking_request', dedupe_key: 'a-only', payload: JSON.stringify({ name: 'A-only' }) })
      .execute();
    Object.assign(ids, {
      booking: booking.body.id,
      payment: payment.body.id,
      bookingRequest: bookingRequest.body.id,
      formField: formField.body.id,
      rule: rule.body.id,
      reportSetting: reportSetting.body.id,
      apiKey: apiKey.body.id,
      category: category.body.id,
      webhook: webhook.body.id,
      delivery,
      card: card.body.id,
      invoice: purchase.body.invoice.id,
      period: period.body.data[0].id,
      notice,
      service: service.body.id,
      department: department.body.id,
      member: member.memberId,
      holiday: holiday.body.id,
      resource: resource.body.id,
      customer: customer.body.id,
      attachment: attachment.body.id,
      queue: queue.body.id,
      target: target.body.id,
      counter: queue.body.counters[0].id,
      ticket: ticket.body.id,
      ticket2: ticket2.body.id,
      noteType: noteType.body.id,
      kiosk: kiosk.body.id,
      display: display.body.id,
      request: request.id,
    });
    // A message about A's customer, ticket and booking, as the reactor records it.
    await t.database.db
      .insertInto('notification_messages')
      .values({
        id: crypto.randomUUID(),
        tenant_id: a.businessId,
        dedupe_key: 'a-only',
        message_type: 'QUEUE_TICKET_CREATED',
        channel: 'sms',
        recipient: '+33600000001',
        customer_id: ids.customer,
        ticket_id: ids.ticket,
        booking_id: ids.booking,
        language: 'en',
        body: 'A-only message',
      })
      .execute();
  });
  afterAll(() => t.close());

  /**
   * A valid body for the writes whose empty body fails validation first, so the answer tested is
   * the handler's own and not the validation pipe's.
   */
  const VALID_BODIES: Record<string, object> = {
    'POST /business/department/:id/translations/update': { translations: { fr: { name: 'Département' } } },
    'POST /business/holiday/:id/status': { status: 'approved' },
    'POST /business/team/:id/workingdays/update': { working_days: WEEK({ monday: [['08:00', '12:00']] }) },
    'POST /business/queue/:queue_id/ticket/:ticket_id/notes': { note: 'A note' },
    'POST /business/queue/:queue_id/member/update/:customer_id': { member_id: null },
    'POST /business/queue/:queue_id/duration/:ticket_id': { duration: 30 },
    'POST /business/queue/:queue/counter/:counter/break': { break_minutes: 5 },
    'POST /business/queue/:id/translations/update': { translations: { fr: { name: 'File' } } },
    'PUT /business/queue/:id/slot': { working_days: null },
    'POST /business/queue/:id/services/reorder': { service_ids: [] },
    'PUT /business/queue/:queue/counter/create': { name: 'B desk' },
    'POST /business/integrations/webhooks/:id/replay': { from_position: 0 },
  };
  /** Bodies that name another of A's records, filled once they exist. */
  const bodyFor = (key: string): object | undefined => (key === 'POST /business/queue/:queue_id/call' ? { counter_id: ids.counter } : VALID_BODIES[key]);

  /** Which of business A's records a route's path parameter names. */
  function idFor(route: RouteInfo, param: string): string | undefined {
    const resource = route.path.split('/')[2];
    const byResource: Record<string, string | undefined> = {
      department: ids.department,
      serviceDepartment: ids.department,
      service: ids.service,
      team: ids.member,
      users: ids.member,
      holiday: ids.holiday,
      resource: ids.resource,
    };
    if (param === 'service_id') return ids.service;
    if (resource === 'queue') {
      const queueParams: Record<string, string> = {
        id: route.path.startsWith('/business/queue/ticket/')
          ? ids.ticket
          : route.path.startsWith('/business/queue/:queue_id/request/')
            ? ids.request
            : ids.queue,
        queue: ids.queue,
        queue_id: ids.queue,
        counter: ids.counter,
        ticket_id: ids.ticket,
        customer_id: ids.ticket,
        customer_1: ids.ticket,
        customer_2: ids.ticket2,
        target_id: ids.target,
      };
      return queueParams[param];
    }
    if (route.path.startsWith('/business/booking/request/')) return ids.bookingRequest;
    if (route.path.startsWith('/business/booking/transaction/')) return param === 'booking_id' ? ids.booking : ids.payment;
    if (resource === 'booking' && param === 'id' && /^\/business\/booking\/:id(\/|$)/.test(route.path)) return ids.booking;
    if (resource === 'forms') return ids.formField;
    if (resource === 'rules') return ids.rule;
    if (resource === 'report-settings') return ids.reportSetting;
    if (route.path.startsWith('/business/integrations/keys/')) return ids.apiKey;
    if (route.path.startsWith('/business/integrations/webhooks/')) return param === 'delivery_id' ? ids.delivery : ids.webhook;
    if (resource === 'category') return ids.category;
    if (resource === 'billing') return /\/(update|delete)$/.test(route.path) ? ids.card : ids.invoice;
    if (resource === 'membership') return ids.period;
    if (resource === 'notification') return ids.notice;
    if (resource === 'note-type') return ids.noteType;
    if (resource === 'kiosk') return ids.kiosk;
    if (resource === 'display') return ids.display;
    if (resource === 'feedback') return ids.ticket;
    if (route.path.startsWith('/business/customer/attachment/')) return ids.attachment;
    if (resource === 'customer') return ids.customer;
    return byResource[resource];
  }

  it('answers 404 to every call with an id of another business, and writes nothing', async () => {
    const routes = listRoutes(t.app).filter((r) => r.params.some((p) => !NOT_IDS.has(p)) && !isCapability(r) && !OPERATOR_WIDE.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(10);
    const unfilled: string[] = [];
    const leaks: string[] = [];
    for (const route of routes) {
      const values: Record<string, string> = {};
      for (const p of route.params) {
        const id = NOT_IDS.has(p) ? (NOT_ID_VALUES[p] ?? 'x') : idFor(route, p);
        if (!id) unfilled.push(`${route.method} ${route.path} (:${p})`);
        else values[p] = id;
      }
      if (Object.keys(values).length !== route.params.length) continue;
      const before = await head(t);
      const url = fillPath(route.path, values);
      const body = bodyFor(`${route.method} ${route.path}`) ?? {};
      const call = t.http()[route.method.toLowerCase() as 'get'](url);
      const res = await call
        .set(b.h)
        .set('Accept', 'application/json')
        .send(route.method === 'GET' ? undefined : body);
      if (res.status !== 404 || (await head(t)) !== before) leaks.push(`${route.method} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(unfilled).toEqual([]);
    expect(leaks).toEqual([]);
  });

  it('finds none of business A’s records through another business’s lists and searches', async () => {
    const reads = [
      '/business/service?pagination=off',
      '/business/department?pagination=off',
      '/business/team?pagination=off',
      '/business/holiday?pagination=off',
      '/business/resource?pagination=off',
      '/business/users?pagination=off',
      '/business/helpers/service?pagination=1000',
      '/business/activity?pagination=off',
      '/business/queue/summary?pagination=off',
      '/business/counter',
      '/business/note-type?pagination=off',
      '/business/kiosk?pagination=off',
      '/business/display?pagination=off',
      '/business/feedback?pagination=off',
      '/business/booking?pagination=off',
      '/business/booking/request?pagination=off',
      '/business/rules?pagination=off',
      '/business/forms?pagination=off',
      '/business/notification?pagination=off',
      `/business/notification/messages?customer_id=${ids.customer}&pagination=off`,
      `/business/notification/messages?ticket_id=${ids.ticket}&pagination=off`,
      `/business/notification/messages?booking_id=${ids.booking}&pagination=off`,
    ];
    for (const url of reads) {
      const res = await t.http().get(url).set(b.h);
      expect([url, res.status]).toEqual([url, 200]);
      const text = JSON.stringify(res.body);
      for (const id of Object.values(ids)) expect([url, text.includes(id)]).toEqual([url, false]);
      expect([url, text.includes('A-only')]).toEqual([url, false]);
    }
    const search = await t.http().post('/business/service/filter/A-only').set(b.h).send({});
    expect(JSON.stringify(search.body)).not.toContain('A-only');
  });
});
