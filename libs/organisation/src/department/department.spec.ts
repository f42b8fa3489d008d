import { departmentDecider, DepartmentEvent } from './department';
import { given } from '../test-support';

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

describe('departments', () => {
  it('creates a department with defaults for what is not given', () => {
    const { events } = given(departmentDecider, []).when({ type: 'CreateDepartment', department_id: D, business_id: B, fields: { name: ' Dental ' } });
    expect(events).toHaveLength(1);
    const data = (events![0] as Extract<DepartmentEvent, { type: 'DepartmentCreated' }>).data;
    expect(data).toMatchObject({ name: 'Dental', slot_duration: 15, max_bookings_per_slot: 1, can_select_member: false, must_select_member: false });
  });

  it('refuses to require a member customers cannot select', () => {
    const { error } = given(departmentDecider, []).when({ type: 'CreateDepartment', department_id: D, business_id: B, fields: { name: 'X', must_select_member: true } });
    expect(error?.errors?.must_select_member).toBeDefined();
  });

  it('refuses bad colours and numbers all at once', () => {
    const { error } = given(departmentDecider, []).when({
      type: 'CreateDepartment',
      department_id: D,
      business_id: B,
      fields: { name: 'X', primary_color: 'red', slot_duration: 0, max_bookings_per_slot: 1.5 },
    });
    expect(Object.keys(error?.errors ?? {}).sort()).toEqual(['max_bookings_per_slot', 'primary_color', 'slot_duration']);
  });

  it('drops a removed service\'s own duration with it', () => {
    const { events } = given(departmentDecider, [created]).when({ type: 'UpdateDepartment', department_id: D, business_id: B, fields: { service_ids: [S2] } });
    expect(events).toEqual([{ type: 'DepartmentUpdated', data: { department_id: D, business_id: B, changes: { service_ids: [S2], service_durations: [] } } }]);
  });

  it('refuses a duration for a service the department does not offer', () => {
    const { error } = given(departmentDecider, [created]).when({
      type: 'UpdateDepartment',
      department_id: D,
      business_id: B,
      fields: { service_ids: [S1], service_durations: [{ service_id: S2, duration_seconds: 60 }] },
    });
    expect(error?.errors?.['service_durations.0.service_id']).toBeDefined();
  });

  it('answers another business exactly like a missing department', () => {
    for (const history of [[created], []]) {
      const { error } = given(departmentDecider, history).when({ type: 'DeleteDepartment', department_id: D, business_id: OTHER });
      expect(error?.status).toBe(404);
    }
  });

  it('cannot touch a deleted department', () => {
    const deleted: DepartmentEvent = { type: 'DepartmentDeleted', data: { department_id: D, business_id: B } };
    expect(given(departmentDecider, [created, deleted]).when({ type: 'UpdateDepartment', department_id: D, business_id: B, fields: { name: 'Y' } }).error?.status).toBe(404);
  });

  it('records translations beside field changes in one decision', () => {
    const { events } = given(departmentDecider, [created]).when({
      type: 'UpdateDepartment',
      department_id: D,
      business_id: B,
      fields: { name: 'Dentistry' },
      translations: { fr: { name: 'Dentaire' } },
    });
    expect(events?.map((e) => e.type)).toEqual(['DepartmentUpdated', 'DepartmentTranslationsUpdated']);
  });
});
