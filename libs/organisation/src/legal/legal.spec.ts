import { specification } from '@tabour/eventstore/testing';
import { defaultLegalTextIn, legalDecider } from '.';

const B = '11111111-1111-4111-8111-111111111111';
const spec = specification(legalDecider);
const add = (content: unknown, kind: 'terms' | 'policy' = 'terms') => ({ type: 'AddLegalText' as const, business_id: B, kind, content });
const v1 = { type: 'LegalTextAdded' as const, data: { business_id: B, kind: 'terms' as const, version: 1, content: 'First' } };

describe('terms and policy', () => {
  it('numbers each added text as the next version', () => {
    spec.given([]).when(add(' First ')).then([v1]);
    spec
      .given([v1])
      .when(add('Second'))
      .then([{ type: 'LegalTextAdded', data: { business_id: B, kind: 'terms', version: 2, content: 'Second' } }]);
  });

  it('adds no version for the current text again', () => {
    spec.given([v1]).when(add('First')).thenNothingHappens();
  });

  it('refuses an empty text, one too long and an unknown kind', () => {
    spec
      .given([])
      .when(add('   '))
      .thenRefuses({ status: 422, fields: ['content'] });
    spec
      .given([])
      .when(add('x'.repeat(50_001)))
      .thenRefuses({ status: 422, fields: ['content'] });
    spec
      .given([])
      .when({ ...add('x'), kind: 'cookies' as never })
      .thenRefuses({ status: 422, fields: ['kind'] });
  });

  it('the default texts name the business and its contact, in the language asked for', () => {
    const terms = defaultLegalTextIn('en', 'terms', { name: 'Clinic Nord', email: 'desk@clinic.example' });
    expect(terms.split('\n')[0]).toBe('Terms of service of Clinic Nord');
    expect(terms).toContain('6. Contact. Questions about these terms can be sent to Clinic Nord at desk@clinic.example.');
    expect(defaultLegalTextIn('en', 'policy', { name: 'Clinic Nord', email: null })).toMatch(/^Privacy policy of Clinic Nord\n\n1\. /);
    expect(defaultLegalTextIn('fr', 'policy', { name: 'Clinique Nord', email: null }).split('\n')[0]).toBe('Politique de confidentialité de Clinique Nord');
    expect(defaultLegalTextIn('ar', 'terms', { name: 'عيادة', email: 'a@b.tn' })).toContain('a@b.tn');
    for (const lang of ['ar', 'de', 'en', 'es', 'fr', 'pt', 'ru'] as const)
      for (const kind of ['terms', 'policy'] as const) expect(defaultLegalTextIn(lang, kind, { name: 'X', email: null })).not.toMatch(/\{name\}|\{contact\}/);
  });
});
