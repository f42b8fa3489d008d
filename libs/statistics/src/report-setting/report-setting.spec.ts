import { specification } from '@tabour/eventstore/testing';
import { mergeReportSetting, reportSettingDecider, reportTextErrors, type ReportSettingFields } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ID = '33333333-3333-4333-8333-333333333333';
const Q = '44444444-4444-4444-8444-444444444444';
const M = '55555555-5555-4555-8555-555555555555';

const fields: ReportSettingFields = {
  title: 'Main hall',
  queue_id: Q,
  trigger_kpi: 'total_waiting',
  trigger_operator: 'gte',
  trigger_value: 10,
  member_id: M,
  content: { en: '{{title}}: {{total_waiting}} waiting', fr: '', ar: '' },
  daily_summary: false,
  summary_time: '18:00',
};

describe('reporting mail settings', () => {
  const spec = specification(reportSettingDecider);
  const created = { type: 'ReportSettingCreated' as const, data: { business_id: B, id: ID, ...fields } };

  it('creates a setting with its defaults (no summary, 18:00)', () => {
    const { daily_summary: _d, summary_time: _t, ...input } = fields;
    spec.given([]).when({ type: 'CreateReportSetting', business_id: B, id: ID, input }).then([created]);
  });

  it('names every missing or bad field', () => {
    const refusal = spec
      .given([])
      .when({
        type: 'CreateReportSetting',
        business_id: B,
        id: ID,
        input: {
          trigger_kpi: 'queue_length' as never,
          trigger_operator: '>' as never,
          trigger_value: -1,
          summary_time: '25:00',
          content: { en: '', de: 'x' } as never,
        },
      })
      .thenRefuses({ status: 422 });
    expect(Object.keys(refusal.errors ?? {}).sort()).toEqual(
      ['content.de', 'content.en', 'member_id', 'queue_id', 'summary_time', 'title', 'trigger_kpi', 'trigger_operator', 'trigger_value'].sort(),
    );
  });

  it('updates only what changed, and nothing when nothing did', () => {
    spec
      .given([created])
      .when({ type: 'UpdateReportSetting', business_id: B, id: ID, input: { trigger_value: 12, daily_summary: true } })
      .then([{ type: 'ReportSettingUpdated', data: { business_id: B, id: ID, ...fields, trigger_value: 12, daily_summary: true } }]);
    spec
      .given([created])
      .when({ type: 'UpdateReportSetting', business_id: B, id: ID, input: { trigger_value: 10 } })
      .thenNothingHappens();
  });

  it("answers another business's setting, a deleted one and an unknown one as missing", () => {
    spec
      .given([created])
      .when({ type: 'UpdateReportSetting', business_id: OTHER, id: ID, input: { trigger_value: 1 } })
      .thenRefuses({ status: 404 });
    spec.given([created]).when({ type: 'DeleteReportSetting', business_id: OTHER, id: ID }).thenRefuses({ status: 404 });
    spec
      .given([created, { type: 'ReportSettingDeleted', data: { business_id: B, id: ID } }])
      .when({ type: 'UpdateReportSetting', business_id: B, id: ID, input: { trigger_value: 1 } })
      .thenRefuses({ status: 404 });
    spec.given([]).when({ type: 'DeleteReportSetting', business_id: B, id: ID }).thenRefuses({ status: 404 });
  });

  it('deletes', () => {
    spec
      .given([created])
      .when({ type: 'DeleteReportSetting', business_id: B, id: ID })
      .then([{ type: 'ReportSettingDeleted', data: { business_id: B, id: ID } }]);
  });

  it('knows the four placeholders and nothing else', () => {
    expect(reportTextErrors('{{title}} {{ waiting_time }} {{total_waiting}} {{total_counters}}')).toEqual([]);
    expect(reportTextErrors('{{name}}')).toEqual(['Unknown placeholder {{name}}; use title, waiting_time, total_waiting, total_counters']);
    expect(reportTextErrors('{{title} left open')).toEqual(['A brace stands outside a {{placeholder}}']);
    expect(reportTextErrors('x'.repeat(4001))).toEqual(['Write at most 4000 characters']);
  });

  it('keeps the French and Arabic texts when only the English one changes', () => {
    const merged = mergeReportSetting({ ...fields, content: { en: 'a', fr: 'b', ar: 'ج' } }, { content: { en: 'x' } as never });
    expect(merged.content).toEqual({ en: 'x', fr: 'b', ar: 'ج' });
  });
});
