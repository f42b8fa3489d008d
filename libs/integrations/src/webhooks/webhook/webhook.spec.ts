import { specification } from '@tabour/eventstore/testing';
import { webhookDecider, type WebhookCommand, type WebhookEvent, type WebhookSettings } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const W = '33333333-3333-4333-8333-333333333333';
const ids = { webhook_id: W, business_id: B };
const context = { known_types: ['ticket.created', 'ticket.called', 'queue.created'], policy: { allowLoopback: false } };
const settings: WebhookSettings = {
  url: 'https://hooks.example.com/tabour',
  event_types: ['ticket.called', 'ticket.created'],
  enabled: true,
  description: null,
};
const created: WebhookEvent = { type: 'WebhookCreated', data: { ...ids, settings } };
const spec = specification(webhookDecider);
const update = (changes: Partial<WebhookSettings>, policy = context.policy): WebhookCommand => ({ ...ids, ...context, policy, type: 'UpdateWebhook', changes });

describe('webhook decider', () => {
  it('creates a webhook with its types sorted and once each, and no secret in the event', () => {
    spec
      .given([])
      .when({
        ...ids,
        ...context,
        type: 'CreateWebhook',
        settings: { ...settings, url: ' https://hooks.example.com/tabour ', event_types: ['ticket.created', 'ticket.called', 'ticket.created'] },
      })
      .then([created]);
  });

  it('keeps "*" alone when every type is asked for', () => {
    spec
      .given([])
      .when({ ...ids, ...context, type: 'CreateWebhook', settings: { ...settings, event_types: ['ticket.called', '*'] } })
      .then([{ type: 'WebhookCreated', data: { ...ids, settings: { ...settings, event_types: ['*'] } } }]);
  });

  it.each([
    ['http://hooks.example.com/x', 'https://'],
    ['ftp://hooks.example.com/x', 'https://'],
    ['https://10.1.2.3/x', 'private network'],
    ['https://169.254.169.254/latest/meta-data', 'private network'],
    ['https://[::1]/x', 'private network'],
    ['https://localhost/x', 'private network'],
    ['https://intranet/x', 'private network'],
    ['https://user:pw@hooks.example.com/x', 'user name'],
    ['not a url', 'full address'],
  ])('refuses %s', (url, message) => {
    const refusal = spec
      .given([])
      .when({ ...ids, ...context, type: 'CreateWebhook', settings: { ...settings, url } })
      .thenRefuses({ status: 422, fields: ['url'] });
    expect(refusal.errors?.url?.[0]).toContain(message);
  });

  it('allows http to loopback only where the installation allows it (tests, development)', () => {
    const loopback = { ...settings, url: 'http://127.0.0.1:4000/hook' };
    spec
      .given([])
      .when({ ...ids, ...context, policy: { allowLoopback: true }, type: 'CreateWebhook', settings: loopback })
      .then([{ type: 'WebhookCreated', data: { ...ids, settings: loopback } }]);
    spec
      .given([])
      .when({ ...ids, ...context, type: 'CreateWebhook', settings: loopback })
      .thenRefuses({ status: 422, fields: ['url'] });
  });

  it('refuses no type, or a type the installation does not publish', () => {
    spec
      .given([])
      .when({ ...ids, ...context, type: 'CreateWebhook', settings: { ...settings, event_types: [] } })
      .thenRefuses({ status: 422, fields: ['event_types'] });
    spec
      .given([])
      .when({ ...ids, ...context, type: 'CreateWebhook', settings: { ...settings, event_types: ['ticket.exploded'] } })
      .thenRefuses({ status: 422, fields: ['event_types'] });
  });

  it('records only what an update changes', () => {
    spec
      .given([created])
      .when(update({ url: 'https://hooks.example.com/tabour', event_types: ['queue.created'] }))
      .then([{ type: 'WebhookUpdated', data: { ...ids, changes: { event_types: ['queue.created'] } } }]);
    spec
      .given([created])
      .when(update({ event_types: ['ticket.created', 'ticket.called'] }))
      .thenNothingHappens();
  });

  it("answers another business's webhook, or a deleted one, as missing", () => {
    spec
      .given([created])
      .when({ ...update({ enabled: false }), business_id: OTHER })
      .thenRefuses({ status: 404 });
    spec
      .given([created, { type: 'WebhookDeleted', data: ids }])
      .when({ ...ids, type: 'RotateWebhookSecret' })
      .thenRefuses({ status: 404 });
  });

  it('disables a failing webhook once, and not one its business turned off already', () => {
    const since = '2026-11-20T10:00:00.000Z';
    const { state } = spec
      .given([created])
      .when({ ...ids, type: 'DisableFailingWebhook', failing_since: since })
      .then([{ type: 'WebhookDisabled', data: { ...ids, reason: 'failing', failing_since: since } }]);
    expect(state).toMatchObject({ settings: { enabled: false } });
    spec
      .given([created, { type: 'WebhookUpdated', data: { ...ids, changes: { enabled: false } } }])
      .when({ ...ids, type: 'DisableFailingWebhook', failing_since: since })
      .thenNothingHappens();
  });

  it('rotates the secret without a word of it in the event', () => {
    spec
      .given([created])
      .when({ ...ids, type: 'RotateWebhookSecret' })
      .then([{ type: 'WebhookSecretRotated', data: ids }]);
  });
});
