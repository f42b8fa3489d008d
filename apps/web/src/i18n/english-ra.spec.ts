import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import english from 'ra-language-english';
import converted from './english-ra';
import { raToI18next } from './translate';

describe("react-admin's English texts in i18next's form", () => {
  it('are what ra-i18n-i18next makes of them, key for key', () => {
    expect(converted).toEqual(convertRaTranslationsToI18next(english));
  });

  it('turns placeholders and the two plural forms into i18next keys', () => {
    expect(raToI18next({ a: { n: '%{smart_count} item |||| %{smart_count} items', t: 'Hello %{name}' } })).toEqual({
      a: { n_one: '{{smart_count}} item', n_other: '{{smart_count}} items', t: 'Hello {{name}}' },
    });
  });
});
