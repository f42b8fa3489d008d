import { specification } from '@tabour/eventstore/testing';
import { departmentDecider, DepartmentEvent } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const D = '33333333-3333-4333-8333-333333333333';
const S1 = '44444444-4444-4444-8444-444444444444';
const S2 = '55555555-5555-4555-8555-555555555555';

const created: DepartmentEvent = {
  type: 'DepartmentCreated',
  data: {
    department_id: D,
    business_id: B,
    name: 'Dental',
    primary_color: '#112233',
    secondary_color: '#445566',
    text_color: '#ffffff',
    service_ids: [S1, S2],
    service_durations: [{ service_id: S1, duration_seconds: 1200 }],
    slot_duration: 15,
    max_bookings_per_slot: 1,
    max_daily_bookings: null,
    can_select_member: true,
    must_select_member: false,
    translations: {},
  },
};

const spec = specification(departmentDecider);

describe('departments', () => {
  it('creates a department with defaults for what is not given', () => {
    spec
      .given([])
      .when({ type: 'CreateDepartment', department_id: D, business_id: B, fields: { name: ' Dental ' } })
      .then((events) => {
        expect(events).toHaveLength(1);
        const data = (events[0] as Extract<DepartmentEvent, { type: 'DepartmentCreated' }>).data;
        expect(data).toMatchObject({ name: 'Dental', slot_duration: 15, max_bookings_per_slot: 1, can_select_member: false, must_select_member: false });
      });
  });

  it('refuses to require a member customers cannot select', () => {
    spec
      .given([])
      .when({ type: 'CreateDepartment', department_id: D, business_id: B, fields: { name: 'X', must_select_member: true } })
      .thenRefuses({ status: 422, fields: ['must_select_member'] });
  });

  it('refuses bad colours and numbers all at once', () => {
    const error = spec
      .given([])
      .when({
        type: 'CreateDepartment',
        department_id: D,
        business_id: B,
        fields: { name: 'X', primary_color: 'red', slot_duration: 0, max_bookings_per_slot: 1.5 },
      })
      .thenRefuses({ status: 422 });
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['max_bookings_per_slot', 'primary_color', 'slot_duration']);
  });

  it("drops a removed service's own duration with it", () => {
    spec
      .given([created])
      .when({ type: 'UpdateDepartment', department_id: D, business_id: B, fields: { service_ids: [S2] } })
      .then([{ type: 'DepartmentUpdated', data: { department_id: D, business_id: B, changes: { service_ids: [S2], service_durations: [] } } }]);
  });

  it('refuses a duration for a service the department does not offer', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateDepartment',
        department_id: D,
        business_id: B,
        fields: { service_ids: [S1], service_durations: [{ service_id: S2, duration_seconds: 60 }] },
      })
      .thenRefuses({ status: 422, fields: ['service_durations.0.service_id'] });
  });

  it('answers another business exactly like a missing department', () => {
    for (const history of [[created], []]) {
      spec.given(history).when({ type: 'DeleteDepartment', department_id: D, business_id: OTHER }).thenRefuses({ status: 404 });
    }
  });

  it('cannot touch a deleted department', () => {
    const deleted: DepartmentEvent = { type: 'DepartmentDeleted', data: { department_id: D, business_id: B } };
    spec
      .given([created, deleted])
      .when({ type: 'UpdateDepartment', department_id: D, business_id: B, fields: { name: 'Y' } })
      .thenRefuses({ status: 404 });
  });

  it('records translations beside field changes in one decision', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateDepartment',
        department_id: D,
        business_id: B,
        fields: { name: 'Dentistry' },
        translations: { fr: { name: 'Dentaire' } },
      })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['DepartmentUpdated', 'DepartmentTranslationsUpdated']));
  });
});
