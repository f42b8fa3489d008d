import { emptyWebhookForm, formOf, typeGroups, webhookBody, webhookFormErrors, webhookState } from './webhooks-model';

describe('webhooks settings model', () => {
  it('sends the wildcard for all types, else the chosen types sorted, and a blank description as none', () => {
    expect(webhookBody({ ...emptyWebhookForm(), url: ' https://crm.example.com/hook ' })).toEqual({
      url: 'https://crm.example.com/hook',
      event_types: ['*'],
      description: null,
    });
    expect(webhookBody({ url: 'https://a.example', description: ' CRM ', all: false, event_types: ['ticket.called', 'booking.created'] })).toEqual({
      url: 'https://a.example',
      event_types: ['booking.created', 'ticket.called'],
      description: 'CRM',
    });
  });

  it('reads a webhook back into the form', () => {
    const w = { url: 'https://a.example', description: null, event_types: ['*'] };
    expect(formOf(w as never)).toEqual({ url: 'https://a.example', description: '', all: true, event_types: [] });
    expect(formOf({ ...w, event_types: ['ticket.called'] } as never)).toMatchObject({ all: false, event_types: ['ticket.called'] });
  });

  it('asks for an https address (http only to this machine) and at least one type', () => {
    expect(webhookFormErrors(emptyWebhookForm())).toEqual({ url: 'webhooks.errors.url_required' });
    expect(webhookFormErrors({ ...emptyWebhookForm(), url: 'crm.example.com' }).url).toBe('webhooks.errors.url_invalid');
    expect(webhookFormErrors({ ...emptyWebhookForm(), url: 'http://crm.example.com/x' }).url).toBe('webhooks.errors.url_https');
    expect(webhookFormErrors({ ...emptyWebhookForm(), url: 'http://127.0.0.1:4000/x' })).toEqual({});
    expect(webhookFormErrors({ url: 'https://a.example', description: '', all: false, event_types: [] })).toEqual({
      event_types: 'webhooks.errors.types_required',
    });
  });

  it('groups the public types by what they are about, in the given order', () => {
    expect(typeGroups(['ticket.created', 'ticket.called', 'queue.created', 'booking_request.created'])).toEqual([
      { group: 'ticket', types: ['ticket.created', 'ticket.called'] },
      { group: 'queue', types: ['queue.created'] },
      { group: 'booking_request', types: ['booking_request.created'] },
    ]);
    expect(typeGroups().flatMap((g) => g.types)).toContain('ticket.called');
  });

  it('tells a healthy, a failing, a turned-off and a disabled-for-failing webhook apart', () => {
    expect(webhookState({ enabled: true, disabled_reason: null, failing_since: null })).toBe('active');
    expect(webhookState({ enabled: true, disabled_reason: null, failing_since: '2026-11-24T08:00:00Z' })).toBe('failing');
    expect(webhookState({ enabled: false, disabled_reason: null, failing_since: null })).toBe('off');
    expect(webhookState({ enabled: false, disabled_reason: 'failing', failing_since: '2026-11-20T08:00:00Z' })).toBe('disabled_failing');
  });
});
