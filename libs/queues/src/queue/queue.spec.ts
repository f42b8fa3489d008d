import { base, history, OTHER, push, settings, spec } from './test-support';

describe('queue settings', () => {
  it('creates a queue with checked settings', () => {
    spec
      .given([])
      .when({ ...base, type: 'CreateQueue', settings: { ...settings, ticket_prefix: 'b ' } })
      .then([{ type: 'QueueCreated', data: { ...base, settings: { ...settings, ticket_prefix: 'B' } } }]);
  });
  it('refuses an empty name with a field message', () => {
    const refused = spec
      .given([])
      .when({ ...base, type: 'CreateQueue', settings: { ...settings, name: ' ' } })
      .thenRefuses({ code: 'validation_failed', status: 422 });
    expect(refused.errors).toEqual({ name: ['The name is required'] });
  });
  it('answers another business like a missing queue', () => {
    spec
      .given(history())
      .when({ ...base, business_id: OTHER, type: 'PauseQueue' })
      .thenRefuses({ code: 'not_found', status: 404 });
  });
  it('will not delete a queue with live tickets', () => {
    spec
      .given(history([push('t1')]))
      .when({ ...base, type: 'DeleteQueue' })
      .thenRefuses({ code: 'queue_not_empty', status: 409 });
  });
});
