import { replay, specification } from '@tabour/eventstore/testing';
import { holidayDecider, HolidayEvent, HolidayFields } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const H = '22222222-2222-4222-8222-222222222222';
const ADMIN = { user_id: '33333333-3333-4333-8333-333333333333', role: 'ADMIN' as const };
const MANAGER = { user_id: '44444444-4444-4444-8444-444444444444', role: 'MANAGER' as const };
const AGENT = { user_id: '55555555-5555-4555-8555-555555555555', role: 'EMPLOYEE' as const };

const period = { starts_at: '2026-08-01T00:00:00+01:00', ends_at: '2026-08-03T00:00:00+01:00', all_day: true };
const fields = (f: Partial<HolidayFields>): HolidayFields => ({ type: 'holiday', scope: 'agency', member_ids: [], reason: null, ...period, ...f });
const create = (actor: typeof ADMIN | typeof MANAGER | typeof AGENT, f: Partial<HolidayFields>, known: string[] = []) =>
  ({ type: 'CreateHoliday', holiday_id: H, business_id: B, actor, fields: fields(f), known_member_ids: known }) as const;
const spec = specification(holidayDecider);
const oneEvent = (events: HolidayEvent[]) => expect(events).toHaveLength(1);

describe('holidays', () => {
  it('lets an administrator close the business, approved at once, in UTC instants', () => {
    spec
      .given([])
      .when(create(ADMIN, { reason: ' Summer ' }))
      .then([
        {
          type: 'HolidayCreated',
          data: {
            holiday_id: H,
            business_id: B,
            type: 'holiday',
            scope: 'agency',
            member_ids: [],
            reason: 'Summer',
            starts_at: '2026-07-31T23:00:00.000Z',
            ends_at: '2026-08-02T23:00:00.000Z',
            all_day: true,
            status: 'approved',
            created_by: ADMIN.user_id,
          },
        },
      ]);
  });

  it('keeps agency closures for administrators', () => {
    spec.given([]).when(create(MANAGER, {})).thenRefuses({ status: 403 });
  });

  it("records a member's own absence as a pending request for the caller only", () => {
    spec
      .given([])
      .when(create(AGENT, { scope: 'me', type: 'vacation', member_ids: [ADMIN.user_id] }))
      .then(([event]) => {
        const data = (event as Extract<HolidayEvent, { type: 'HolidayCreated' }>).data;
        expect(data.member_ids).toEqual([AGENT.user_id]);
        expect(data.status).toBe('pending');
      });
  });

  it('needs known members for a members holiday', () => {
    const g = spec.given([]);
    g.when(create(MANAGER, { scope: 'members', member_ids: [] })).thenRefuses({ fields: ['member_ids'] });
    expect(g.when(create(MANAGER, { scope: 'members', member_ids: [AGENT.user_id] }, [])).thenRefuses({ fields: ['member_ids'] }).errors?.member_ids).toEqual([
      'Select valid members',
    ]);
    g.when(create(MANAGER, { scope: 'members', member_ids: [AGENT.user_id] }, [AGENT.user_id])).then(oneEvent);
    g.when(create(AGENT, { scope: 'members', member_ids: [AGENT.user_id] }, [AGENT.user_id])).thenRefuses({ status: 403 });
  });

  it('refuses an end that is not after the start', () => {
    const error = spec
      .given([])
      .when(create(ADMIN, { starts_at: '2026-08-03T00:00:00Z', ends_at: '2026-08-03T00:00:00Z' }))
      .thenRefuses({ status: 422 });
    expect(error.errors).toEqual({ ends_at: ['The end must be after the start'] });
  });

  it('lets a manager approve a request, and the author or a manager delete it', () => {
    const g = spec.given(replay(holidayDecider, [create(AGENT, { scope: 'me' })]).events);
    g.when({ type: 'SetHolidayStatus', holiday_id: H, business_id: B, actor: AGENT, status: 'approved' }).thenRefuses({ status: 403 });
    g.when({ type: 'SetHolidayStatus', holiday_id: H, business_id: B, actor: MANAGER, status: 'approved' }).then(oneEvent);
    g.when({ type: 'DeleteHoliday', holiday_id: H, business_id: B, actor: AGENT }).then(oneEvent);
    const closure = spec.given(replay(holidayDecider, [create(ADMIN, {})]).events);
    closure.when({ type: 'DeleteHoliday', holiday_id: H, business_id: B, actor: AGENT }).thenRefuses({ status: 403 });
    closure.when({ type: 'DeleteHoliday', holiday_id: H, business_id: B, actor: MANAGER }).thenRefuses({ status: 403 });
    closure.when({ type: 'DeleteHoliday', holiday_id: H, business_id: '66666666-6666-4666-8666-666666666666', actor: ADMIN }).thenRefuses({ status: 404 });
  });
});
