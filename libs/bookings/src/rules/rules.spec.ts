import { replay, specification } from '@tabour/eventstore/testing';
import { rulesDecider, RulesCommand } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const R1 = '22222222-2222-4222-8222-222222222221';
const R2 = '22222222-2222-4222-8222-222222222222';
const spec = specification(rulesDecider);
const create = (rule_id: string, input: Record<string, unknown>): RulesCommand => ({
  type: 'CreateRule',
  business_id: B,
  rule_id,
  input: { action: 'approve', ...input },
});
const two = () =>
  replay(rulesDecider, [create(R1, { name: 'VIP', applies_to: 'vip' }), create(R2, { name: 'Blacklist', action: 'decline', applies_to: 'blacklisted' })])
    .events;

describe('rules', () => {
  it('creates a rule at the end of the list, with the defaults of an always-on rule for every booking', () => {
    spec
      .given([])
      .when(create(R1, { name: ' VIP ' }))
      .then([
        {
          type: 'RuleCreated',
          data: {
            business_id: B,
            rule_id: R1,
            position: 0,
            name: 'VIP',
            action: 'approve',
            flow: 'booking',
            applies_to: 'all',
            time_frame: 'forever',
            starts_on: null,
            ends_on: null,
            working_days: null,
            enabled: true,
          },
        },
      ]);
    spec
      .given(two())
      .when(create('22222222-2222-4222-8222-222222222223', { name: 'Third' }))
      .then(([e]) => expect((e.data as { position: number }).position).toBe(2));
  });

  it('refuses dates given with a rule for ever, rather than dropping them', () => {
    spec
      .given([])
      .when(create(R1, { name: 'x', time_frame: 'forever', starts_on: '2026-05-01', ends_on: '2026-05-02' }))
      .thenRefuses({ status: 422, fields: ['starts_on', 'ends_on'] });
    // The rule for ever it edits keeps no dates either: a date alone is as much a contradiction.
    spec
      .given(two())
      .when({ type: 'UpdateRule', business_id: B, rule_id: R1, input: { ends_on: '2026-05-02' } })
      .thenRefuses({ fields: ['ends_on'] });
    spec
      .given(two())
      .when({ type: 'UpdateRule', business_id: B, rule_id: R1, input: { time_frame: 'forever', starts_on: null, ends_on: null } })
      .thenNothingHappens();
  });

  it('refuses bad fields naming each one', () => {
    const refusal = spec
      .given([])
      .when(create(R1, { name: '', action: 'maybe', flow: 'phone', applies_to: 'friends', time_frame: 'custom', starts_on: '2026-02-30', ends_on: 'soon' }))
      .thenRefuses({ status: 422 });
    expect(Object.keys(refusal.errors ?? {}).sort()).toEqual(['action', 'applies_to', 'ends_on', 'flow', 'name', 'starts_on']);
    spec
      .given([])
      .when(create(R1, { name: 'x', time_frame: 'custom', starts_on: '2026-05-02', ends_on: '2026-05-01' }))
      .thenRefuses({ fields: ['ends_on'] });
    spec
      .given([])
      .when(create(R1, { name: 'x', working_days: [{ day: 'monday', open: true, ranges: [] }] }))
      .thenRefuses({ fields: ['working_days'] });
  });

  it('keeps a create retried with the same id to one rule', () => {
    spec
      .given(two())
      .when(create(R1, { name: 'VIP' }))
      .thenNothingHappens();
  });

  it('updates a rule keeping the fields not sent, and changes nothing when nothing differs', () => {
    spec
      .given(two())
      .when({ type: 'UpdateRule', business_id: B, rule_id: R1, input: { action: 'decline' } })
      .then(([e]) => expect(e.data).toMatchObject({ rule_id: R1, name: 'VIP', applies_to: 'vip', action: 'decline' }));
    spec
      .given(two())
      .when({ type: 'UpdateRule', business_id: B, rule_id: R1, input: { name: 'VIP' } })
      .thenNothingHappens();
    spec.given(two()).when({ type: 'UpdateRule', business_id: B, rule_id: '22222222-2222-4222-8222-222222222229', input: {} }).thenRefuses({ status: 404 });
  });

  it('reorders with every rule once, and deletes', () => {
    spec
      .given(two())
      .when({ type: 'ReorderRules', business_id: B, ids: [R2, R1] })
      .then([{ type: 'RulesReordered', data: { business_id: B, ids: [R2, R1] } }]);
    spec
      .given(two())
      .when({ type: 'ReorderRules', business_id: B, ids: [R1, R2] })
      .thenNothingHappens();
    spec
      .given(two())
      .when({ type: 'ReorderRules', business_id: B, ids: [R2] })
      .thenRefuses({ fields: ['ids'] });
    spec
      .given(two())
      .when({ type: 'ReorderRules', business_id: B, ids: [R1, R1] })
      .thenRefuses({ fields: ['ids'] });
    const after = replay(
      rulesDecider,
      [
        { type: 'ReorderRules', business_id: B, ids: [R2, R1] },
        { type: 'DeleteRule', business_id: B, rule_id: R2 },
      ],
      replay(rulesDecider, [create(R1, { name: 'VIP' }), create(R2, { name: 'Blacklist' })]).state,
    );
    expect(after.state.rules.map((r) => r.rule_id)).toEqual([R1]);
    expect(after.events.map((e) => e.type)).toEqual(['RulesReordered', 'RuleDeleted']);
    spec.given(two()).when({ type: 'DeleteRule', business_id: B, rule_id: '22222222-2222-4222-8222-222222222229' }).thenRefuses({ status: 404 });
  });
});
