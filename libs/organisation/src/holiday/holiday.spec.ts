import { holidayDecider, HolidayEvent, HolidayFields } from './holiday';
import { given } from '../test-support';

const B = '11111111-1111-4111-8111-111111111111';
const H = '22222222-2222-4222-8222-222222222222';
const ADMIN = { user_id: '33333333-3333-4333-8333-333333333333', role: 'ADMIN' as const };
const MANAGER = { user_id: '44444444-4444-4444-8444-444444444444', role: 'MANAGER' as const };
const AGENT = { user_id: '55555555-5555-4555-8555-555555555555', role: 'EMPLOYEE' as const };

const period = { starts_at: '2026-08-01T00:00:00+01:00', ends_at: '2026-08-03T00:00:00+01:00', all_day: true };
const fields = (f: Partial<HolidayFields>): HolidayFields => ({ type: 'holiday', scope: 'agency', member_ids: [], reason: null, ...period, ...f });
const create = (actor: typeof ADMIN | typeof MANAGER | typeof AGENT, f: Partial<HolidayFields>, known: string[] = []) =>
  ({ type: 'CreateHoliday', holiday_id: H, business_id: B, actor, fields: fields(f), known_member_ids: known }) as const;

describe('holidays', () => {
  it('lets an administrator close the business, approved at once, in UTC instants', () => {
    const { events } = given(holidayDecider, []).when(create(ADMIN, { reason: ' Summer ' }));
    expect(events).toEqual([
      {
        type: 'HolidayCreated',
        data: { holiday_id: H, business_id: B, type: 'holiday', scope: 'agency', member_ids: [], reason: 'Summer', starts_at: '2026-07-31T23:00:00.000Z', ends_at: '2026-08-02T23:00:00.000Z', all_day: true, status: 'approved', created_by: ADMIN.user_id },
      },
    ]);
  });

  it('keeps agency closures for administrators', () => {
    expect(given(holidayDecider, []).when(create(MANAGER, {})).error?.status).toBe(403);
  });

  it('records a member\'s own absence as a pending request for the caller only', () => {
    const { events } = given(holidayDecider, []).when(create(AGENT, { scope: 'me', type: 'vacation', member_ids: [ADMIN.user_id] }));
    const data = (events![0] as Extract<HolidayEvent, { type: 'HolidayCreated' }>).data;
    expect(data.member_ids).toEqual([AGENT.user_id]);
    expect(data.status).toBe('pending');
  });

  it('needs known members for a members holiday', () => {
    const g = given(holidayDecider, []);
    expect(g.when(create(MANAGER, { scope: 'members', member_ids: [] })).error?.errors?.member_ids).toBeDefined();
    expect(g.when(create(MANAGER, { scope: 'members', member_ids: [AGENT.user_id] }, [])).error?.errors?.member_ids).toEqual(['Select valid members']);
    expect(g.when(create(MANAGER, { scope: 'members', member_ids: [AGENT.user_id] }, [AGENT.user_id])).events).toHaveLength(1);
    expect(g.when(create(AGENT, { scope: 'members', member_ids: [AGENT.user_id] }, [AGENT.user_id])).error?.status).toBe(403);
  });

  it('refuses an end that is not after the start', () => {
    const { error } = given(holidayDecider, []).when(create(ADMIN, { starts_at: '2026-08-03T00:00:00Z', ends_at: '2026-08-03T00:00:00Z' }));
    expect(error?.errors).toEqual({ ends_at: ['The end must be after the start'] });
  });

  it('lets a manager approve a request, and the author or a manager delete it', () => {
    const request = given(holidayDecider, []).when(create(AGENT, { scope: 'me' })).events as HolidayEvent[];
    const g = given(holidayDecider, request);
    expect(g.when({ type: 'SetHolidayStatus', holiday_id: H, business_id: B, actor: AGENT, status: 'approved' }).error?.status).toBe(403);
    expect(g.when({ type: 'SetHolidayStatus', holiday_id: H, business_id: B, actor: MANAGER, status: 'approved' }).events).toHaveLength(1);
    expect(g.when({ type: 'DeleteHoliday', holiday_id: H, business_id: B, actor: AGENT }).events).toHaveLength(1);
    const closure = given(holidayDecider, given(holidayDecider, []).when(create(ADMIN, {})).events as HolidayEvent[]);
    expect(closure.when({ type: 'DeleteHoliday', holiday_id: H, business_id: B, actor: AGENT }).error?.status).toBe(403);
    expect(closure.when({ type: 'DeleteHoliday', holiday_id: H, business_id: B, actor: MANAGER }).error?.status).toBe(403);
    expect(closure.when({ type: 'DeleteHoliday', holiday_id: H, business_id: '66666666-6666-4666-8666-666666666666', actor: ADMIN }).error?.status).toBe(404);
  });
});
