import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '@tabour/platform';
import {
  bookingRequestsProjection,
  bookingSettingsProjection,
  formsProjection,
  paymentSettingsProjection,
  rulesProjection,
  type BookingRequestEvent,
  type FormFieldFields,
  type FormsEvent,
  type RuleFields,
  type RulesEvent,
} from '@tabour/bookings';
import { createTestDatabase, type TestDatabase } from './support/db';
import { projectionSpecification } from './support/projection-spec';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(2);
});
afterAll(() => t.drop());

const B = randomUUID();
const OTHER = randomUUID();
// The spec records its first event at 09:00:00 and each next one a second later.
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 9, 0, second));

describe('the booking settings projection', () => {
  const spec = projectionSpecification(bookingSettingsProjection, () => t.db, { tenantId: B, streamOf: (e) => `bookingsettings-${e.data.business_id}` });
  const settings = (db: Transaction<Database>) =>
    db
      .selectFrom('booking_settings')
      .select(['tenant_id', 'min_notice_minutes', 'no_show_after_minutes', 'allow_several_bookings'])
      .where('tenant_id', 'in', [B, OTHER])
      .orderBy('tenant_id')
      .execute();

  it('opens the row with the defaults beside the first change, then merges the next', () =>
    spec
      .given([{ type: 'BookingSettingsUpdated', data: { business_id: B, changes: { min_notice_minutes: 60 } } }])
      .when([{ type: 'BookingSettingsUpdated', data: { business_id: B, changes: { allow_several_bookings: false } } }])
      .then(settings, [{ tenant_id: B, min_notice_minutes: 60, no_show_after_minutes: 15, allow_several_bookings: false }]));

  it("keeps each business's settings to its own row", () =>
    spec
      .given([{ type: 'BookingSettingsUpdated', data: { business_id: B, changes: { no_show_after_minutes: 5 } } }])
      .when([{ type: 'BookingSettingsUpdated', data: { business_id: OTHER, changes: { min_notice_minutes: 30 } } }])
      .then(
        settings,
        [
          { tenant_id: B, min_notice_minutes: 0, no_show_after_minutes: 5, allow_several_bookings: true },
          { tenant_id: OTHER, min_notice_minutes: 30, no_show_after_minutes: 15, allow_several_bookings: true },
        ].sort((a, b) => a.tenant_id.localeCompare(b.tenant_id)),
      ));
});

describe('the payment settings projection', () => {
  const spec = projectionSpecification(paymentSettingsProjection, () => t.db, { tenantId: B, streamOf: (e) => `paymentsettings-${e.data.business_id}` });
  const settings = (db: Transaction<Database>) =>
    db.selectFrom('business_payment_settings').select(['tenant_id', 'currency', 'agents_may_enter_amount', 'updated_at']).where('tenant_id', '=', B).execute();

  it('keeps the defaults beside a change, stamped with the last one', () =>
    spec
      .given([{ type: 'PaymentSettingsUpdated', data: { business_id: B, changes: { currency: 'TND' } } }])
      .when([{ type: 'PaymentSettingsUpdated', data: { business_id: B, changes: { agents_may_enter_amount: false } } }])
      .then(settings, [{ tenant_id: B, currency: 'TND', agents_may_enter_amount: false, updated_at: at(1) }]));
});

describe('the booking forms projection', () => {
  const [F1, F2] = [randomUUID(), randomUUID()];
  const spec = projectionSpecification(formsProjection, () => t.db, { tenantId: B, streamOf: () => `bookingforms-${B}` });
  const field: Omit<FormFieldFields, 'position'> = {
    flow: 'booking',
    names: { fr: 'Mutuelle', en: 'Insurer' },
    type: 'text',
    options: ['CNAM', 'Privée'],
    required: true,
  };
  const created = (field_id: string, position: number): FormsEvent => ({ type: 'FormFieldCreated', data: { business_id: B, field_id, ...field, position } });
  const fields = (db: Transaction<Database>) =>
    db
      .selectFrom('booking_form_fields')
      .select(['id', 'tenant_id', 'flow', 'names', 'type', 'options', 'required', 'position', 'created_at', 'updated_at'])
      .where('tenant_id', '=', B)
      .orderBy('position')
      .execute();

  it('keeps each field as created, its names and options whole', () =>
    spec
      .given()
      .when([created(F1, 0)])
      .then(fields, [{ id: F1, tenant_id: B, ...field, options: ['CNAM', 'Privée'], position: 0, created_at: at(0), updated_at: at(0) }]));

  it('replaces the whole field on an update, its creation time kept', () =>
    spec
      .given([created(F1, 0)])
      .when([
        {
          type: 'FormFieldUpdated',
          data: { business_id: B, field_id: F1, flow: 'queue', names: { ar: 'التأمين' }, type: 'number', options: [], required: false, position: 3 },
        },
      ])
      .then(fields, [
        {
          id: F1,
          tenant_id: B,
          flow: 'queue',
          names: { ar: 'التأمين' },
          type: 'number',
          options: [],
          required: false,
          position: 3,
          created_at: at(0),
          updated_at: at(1),
        },
      ]));

  it('forgets a deleted field and keeps the others', () =>
    spec
      .given([created(F1, 0), created(F2, 1)])
      .when([{ type: 'FormFieldDeleted', data: { business_id: B, field_id: F1 } }])
      .then((db) => fields(db).then((rows) => rows.map((r) => r.id)), [F2]));

  it("leaves the field alone when another business's events name its id", () =>
    spec
      .given([created(F1, 0)])
      .when([
        { type: 'FormFieldUpdated', data: { business_id: OTHER, field_id: F1, ...field, options: [], required: false, position: 9 } },
        { type: 'FormFieldDeleted', data: { business_id: OTHER, field_id: F1 } },
      ])
      .then((db) => fields(db).then((rows) => rows.map((r) => [r.id, r.position, r.options])), [[F1, 0, ['CNAM', 'Privée']]]));
});

describe('the booking rules projection', () => {
  const [R1, R2, R3] = [randomUUID(), randomUUID(), randomUUID()];
  const spec = projectionSpecification(rulesProjection, () => t.db, { tenantId: B, streamOf: () => `bookingrules-${B}` });
  const fields: Omit<RuleFields, 'name'> = {
    action: 'decline',
    flow: 'booking',
    applies_to: 'blacklisted',
    time_frame: 'custom',
    starts_on: '2026-07-01',
    ends_on: '2026-08-31',
    working_days: [{ day: 'monday', open: true, ranges: [{ from: '08:00', to: '12:00' }] }],
    enabled: true,
  };
  const created = (rule_id: string, name: string, position: number): RulesEvent => ({
    type: 'RuleCreated',
    data: { business_id: B, rule_id, name, position, ...fields },
  });
  const rules = (db: Transaction<Database>) =>
    db.selectFrom('booking_rules').select(['id', 'name', 'position']).where('tenant_id', '=', B).orderBy('position').execute();

  it('keeps a rule as created, its days and hours whole', () =>
    spec
      .given()
      .when([created(R1, 'Summer', 0)])
      .then(
        (db) => db.selectFrom('booking_rules').selectAll().where('tenant_id', '=', B).execute(),
        [{ tenant_id: B, id: R1, name: 'Summer', position: 0, ...fields, created_at: at(0), updated_at: at(0) }],
      ));

  it('follows an edit that clears the days, the place in the list kept', () =>
    spec
      .given([created(R1, 'Summer', 0)])
      .when([
        {
          type: 'RuleUpdated',
          data: { business_id: B, rule_id: R1, name: 'All year', ...fields, time_frame: 'forever', starts_on: null, ends_on: null, working_days: null },
        },
      ])
      .then(
        (db) =>
          db
            .selectFrom('booking_rules')
            .select(['name', 'time_frame', 'starts_on', 'working_days', 'position', 'updated_at'])
            .where('tenant_id', '=', B)
            .execute(),
        [{ name: 'All year', time_frame: 'forever', starts_on: null, working_days: null, position: 0, updated_at: at(1) }],
      ));

  it('closes the gap a deleted rule leaves, then follows a reordering', () =>
    spec
      .given([created(R1, 'First', 0), created(R2, 'Second', 1), created(R3, 'Third', 2)])
      .when([
        { type: 'RuleDeleted', data: { business_id: B, rule_id: R1 } },
        { type: 'RulesReordered', data: { business_id: B, ids: [R3, R2] } },
      ])
      .then(rules, [
        { id: R3, name: 'Third', position: 0 },
        { id: R2, name: 'Second', position: 1 },
      ]));

  it("moves nothing when another business's deletion names a rule's id", () =>
    spec
      .given([created(R1, 'First', 0), created(R2, 'Second', 1)])
      .when([{ type: 'RuleDeleted', data: { business_id: OTHER, rule_id: R1 } }])
      .then(rules, [
        { id: R1, name: 'First', position: 0 },
        { id: R2, name: 'Second', position: 1 },
      ]));
});

describe('the booking requests projection', () => {
  const [RQ, DEPT, DEPT2, CUSTOMER, BOOKING, RULE, STAFF] = Array.from({ length: 7 }, () => randomUUID());
  const ids = { request_id: RQ, business_id: B };
  const spec = projectionSpecification(bookingRequestsProjection, () => t.db, { tenantId: B, streamOf: () => `bookingrequest-${RQ}` });
  const asked = { department_id: DEPT, starts_at: '2026-03-10T09:00:00+01:00', remarks: 'Douleur' };
  const requested: BookingRequestEvent = {
    type: 'BookingRequested',
    data: { ...ids, flow: 'booking', data: asked, department_id: DEPT, customer_id: CUSTOMER },
  };
  const requests = (db: Transaction<Database>) =>
    db
      .selectFrom('booking_requests')
      .select(['id', 'flow', 'status', 'department_id', 'queue_id', 'customer_id', 'starts_at', 'data', 'booking_id', 'decision', 'created_at', 'updated_at'])
      .where('tenant_id', '=', B)
      .execute();

  it('keeps a request pending as asked, its start read as an instant', () =>
    spec
      .given()
      .when([requested])
      .then(requests, [
        {
          id: RQ,
          flow: 'booking',
          status: 'pending',
          department_id: DEPT,
          queue_id: null,
          customer_id: CUSTOMER,
          starts_at: new Date('2026-03-10T08:00:00Z'),
          data: asked,
          booking_id: null,
          decision: null,
          created_at: at(0),
          updated_at: at(0),
        },
      ]));

  it('takes the booking, the approved input and the rule that approved it', () => {
    const approved = { ...asked, department_id: DEPT2, starts_at: '2026-03-11T10:00:00Z' };
    return spec
      .given([requested])
      .when([{ type: 'BookingRequestApproved', data: { ...ids, rule_id: RULE, rule_name: 'Regulars', by: null, booking_id: BOOKING, data: approved } }])
      .then(requests, [
        expect.objectContaining({
          status: 'approved',
          department_id: DEPT2,
          starts_at: new Date('2026-03-11T10:00:00Z'),
          data: approved,
          booking_id: BOOKING,
          decision: { status: 'approved', rule_id: RULE, rule_name: 'Regulars', by: null, reason: null, at: at(1).toISOString() },
          created_at: at(0),
          updated_at: at(1),
        }),
      ]);
  });

  it('keeps the asked input of a declined request beside who declined it and why', () =>
    spec
      .given([requested])
      .when([{ type: 'BookingRequestDeclined', data: { ...ids, rule_id: null, rule_name: null, by: STAFF, reason: 'Fully booked' } }])
      .then(requests, [
        expect.objectContaining({
          status: 'declined',
          department_id: DEPT,
          data: asked,
          booking_id: null,
          decision: { status: 'declined', rule_id: null, rule_name: null, by: STAFF, reason: 'Fully booked', at: at(1).toISOString() },
        }),
      ]));

  it('stores no start for one that is not an instant, and refuses the same request twice', async () => {
    const unreadable: BookingRequestEvent = { ...requested, data: { ...requested.data, data: { ...asked, starts_at: 'tomorrow' } } };
    await spec
      .given()
      .when([unreadable])
      .then((db) => requests(db).then((rows) => rows.map((r) => [r.starts_at, r.data.starts_at])), [[null, 'tomorrow']]);
    await spec
      .given([requested])
      .when([requested])
      .thenFails(/duplicate key|unique/);
  });
});
