import { byFlow, cleanOptions, fieldBody, fieldName, namesError, optionsList, optionsText } from './model';

describe('a form field', () => {
  it('types its options one per line and sends them clean', () => {
    expect(optionsText(['a', 'b'])).toBe('a\nb');
    expect(optionsList('a\n')).toEqual(['a', '']);
    expect(cleanOptions([' a ', '', 'b', 'a'])).toEqual(['a', 'b']);
  });
  it('sends trimmed names, dropping empty ones', () => {
    expect(fieldBody({ names: { en: ' Age ', fr: '', ar: 'العمر' }, options: ['x', ' '], type: 'number' })).toEqual({
      names: { ar: 'العمر', en: 'Age' },
      options: ['x'],
      type: 'number',
    });
  });
  it('needs one name at least', () => {
    expect(namesError({ names: { en: '  ' } })).toBe(true);
    expect(namesError({ names: { he: 'גיל' } })).toBe(false);
  });
  it('is named in the interface language, else English, else any', () => {
    expect(fieldName({ names: { en: 'Age', fr: 'Âge' } }, 'fr')).toBe('Âge');
    expect(fieldName({ names: { en: 'Age' } }, 'de')).toBe('Age');
    expect(fieldName({ names: { ru: 'Возраст' } }, 'de')).toBe('Возраст');
  });
  it('is listed under its flow in its order', () => {
    const f = [
      { id: 'a', flow: 'queue' as const, position: 1 },
      { id: 'b', flow: 'booking' as const, position: 2 },
      { id: 'c', flow: 'booking' as const, position: 1 },
    ];
    expect(byFlow(f, 'booking').map((x) => x.id)).toEqual(['c', 'b']);
  });
});
