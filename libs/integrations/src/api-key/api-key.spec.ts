import { specification } from '@tabour/eventstore/testing';
import { apiKeyDecider, type ApiKeyEvent } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const K = '33333333-3333-4333-8333-333333333333';
const create = (name: string, scopes: string[]) => ({ type: 'CreateApiKey', key_id: K, business_id: B, name, scopes, prefix: 'tbr_abcdef', by: 'u1' }) as const;
const created: ApiKeyEvent = {
  type: 'ApiKeyCreated',
  data: { key_id: K, business_id: B, name: 'CRM', scopes: ['feed:read'], prefix: 'tbr_abcdef', created_by: 'u1' },
};
const spec = specification(apiKeyDecider);

describe('API keys', () => {
  it('creates a key with its scopes in the catalogue order, the name trimmed', () => {
    spec
      .given([])
      .when(create('  CRM  ', ['pii:read', 'feed:read', 'feed:read']))
      .then([{ type: 'ApiKeyCreated', data: { ...created.data, scopes: ['feed:read', 'pii:read'] } }]);
  });

  it('refuses a key without a name, without scopes, or with an unknown scope', () => {
    spec
      .given([])
      .when(create(' ', ['feed:read']))
      .thenRefuses({ code: 'invalid', fields: ['name'] });
    spec
      .given([])
      .when(create('CRM', []))
      .thenRefuses({ code: 'invalid', fields: ['scopes'] });
    spec
      .given([])
      .when(create('CRM', ['feed:write']))
      .thenRefuses({ code: 'invalid', fields: ['scopes'] });
    spec
      .given([])
      .when(create('x'.repeat(101), ['feed:read']))
      .thenRefuses({ code: 'invalid', fields: ['name'] });
  });

  it('refuses personal data alone: it is read through the feed or webhooks', () => {
    spec
      .given([])
      .when(create('CRM', ['pii:read']))
      .thenRefuses({ code: 'invalid', fields: ['scopes'] });
  });

  it('revokes once; a repeated revocation changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'RevokeApiKey', key_id: K, business_id: B })
      .then([{ type: 'ApiKeyRevoked', data: { key_id: K, business_id: B } }]);
    spec
      .given([created, { type: 'ApiKeyRevoked', data: { key_id: K, business_id: B } }])
      .when({ type: 'RevokeApiKey', key_id: K, business_id: B })
      .thenNothingHappens();
  });

  it("answers another business's key as a missing one", () => {
    spec.given([created]).when({ type: 'RevokeApiKey', key_id: K, business_id: OTHER }).thenRefuses('not_found');
    spec.given([]).when({ type: 'RevokeApiKey', key_id: K, business_id: B }).thenRefuses('not_found');
  });
});
