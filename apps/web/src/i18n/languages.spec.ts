import { direction, pickLanguage, supported } from './languages';

describe('pickLanguage', () => {
  it.each([
    ['a stored choice wins over the browser', 'de', ['fr-FR', 'en'], 'de'],
    ['the browser language when nothing is stored', null, ['es-ES', 'en'], 'es'],
    ['the first supported browser language', undefined, ['it-IT', 'pt-BR', 'en'], 'pt'],
    ['fr when no browser language is supported', null, ['it', 'ja'], 'fr'],
    ['an unsupported stored value is ignored', 'xx', ['ru'], 'ru'],
    ['en when nothing is known at all', null, [], 'en'],
  ])('%s', (_name, stored, browser, expected) => {
    expect(pickLanguage(stored as string | null, browser as string[])).toBe(expected);
  });
});

describe('direction', () => {
  it('is right-to-left for Arabic only', () => {
    expect(direction('ar')).toBe('rtl');
    expect(direction('ar-TN')).toBe('rtl');
    expect(direction('fr')).toBe('ltr');
    expect(direction('en')).toBe('ltr');
  });
  it('reads a region tag', () => {
    expect(supported('EN_gb')).toBe('en');
    expect(supported('he')).toBeNull();
  });
});
