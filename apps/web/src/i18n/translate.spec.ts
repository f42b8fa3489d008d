import { translateIn } from './translate';

describe("the visitor pages' translator", () => {
  const ar = { app: { auth: { title: 'تسجيل الدخول', hello: 'مرحبا {{name}}' } }, ra: { n_one: 'عنصر واحد', n_two: 'عنصران', n_other: '{{count}} عناصر' } };
  const fr = { ra: { only_fr: 'Seulement en français' } };
  const en = { ra: { only_fr: 'English only', only_en: 'English' } };

  it('reads a nested key and fills its placeholders', () => {
    expect(translateIn([ar], 'ar', 'app.auth.title')).toBe('تسجيل الدخول');
    expect(translateIn([ar], 'ar', 'app.auth.hello', { name: 'Amira' })).toBe('مرحبا Amira');
  });

  it("picks the plural form of the language's rules from smart_count, else the other form", () => {
    expect(translateIn([ar], 'ar', 'ra.n', { smart_count: 1 })).toBe('عنصر واحد');
    expect(translateIn([ar], 'ar', 'ra.n', { smart_count: 2 })).toBe('عنصران');
    expect(translateIn([ar], 'ar', 'ra.n', { smart_count: 5 })).toBe('5 عناصر');
  });

  it('falls back along the trees, then to the default text, then to the key', () => {
    expect(translateIn([ar, fr, en], 'ar', 'ra.only_fr')).toBe('Seulement en français');
    expect(translateIn([ar, fr, en], 'ar', 'ra.only_en')).toBe('English');
    expect(translateIn([ar, fr, en], 'ar', 'app.missing', { _: 'Server said {{code}}', code: 'x' })).toBe('Server said x');
    expect(translateIn([ar, fr, en], 'ar', 'app.missing')).toBe('app.missing');
  });
});
