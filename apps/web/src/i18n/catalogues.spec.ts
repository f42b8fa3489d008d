import { CATALOGUES, NAMESPACES, type Namespace } from './catalogues';
import { RA_KEYS, raTexts } from './catalogues/ra';
import { LANGUAGES } from './languages';

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else flatten(v, key, out);
  }
  return out;
}

const flat = Object.fromEntries(LANGUAGES.map((l) => [l, flatten(CATALOGUES[l] as unknown as Tree)]));
const reference = Object.keys(flat.en).sort();
const namespaces = Object.keys(NAMESPACES.en) as Namespace[];
const keysOf = (lang: (typeof LANGUAGES)[number], ns: Namespace) => Object.keys(flatten(NAMESPACES[lang][ns])).sort();
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('the catalogues', () => {
  it('cover the seven languages, each in the same namespaces', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'pt', 'ru']);
    expect(reference.length).toBeGreaterThan(250);
    for (const l of LANGUAGES) expect(Object.keys(NAMESPACES[l])).toEqual(namespaces);
  });

  it('write each key in one namespace only', () => {
    const all = namespaces.flatMap((ns) => keysOf('en', ns));
    expect(all.filter((k, i) => all.indexOf(k) !== i)).toEqual([]);
    expect(all.sort()).toEqual(reference);
  });

  it.each(LANGUAGES.flatMap((l) => namespaces.filter((ns) => ns !== 'ra').map((ns) => [l, ns] as const)))('%s/%s has exactly the English keys', (lang, ns) => {
    expect(keysOf(lang, ns)).toEqual(keysOf('en', ns));
  });

  it.each([...LANGUAGES])('%s/ra has exactly the react-admin texts the product ships, from its package or its own', (lang) => {
    expect(keysOf(lang, 'ra')).toEqual([...RA_KEYS].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys', (lang) => {
    expect(Object.keys(flat[lang]).sort()).toEqual(reference);
  });

  it.each([...LANGUAGES])('%s has no empty text', (lang) => {
    // ra.boolean.null is a deliberate blank: react-admin shows it for an unknown yes/no.
    const empty = Object.entries(flat[lang]).filter(([k, v]) => k !== 'ra.boolean.null' && v.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s uses only the placeholders of the English text, and all but a resource name', (lang) => {
    // Some languages word "No {{name}} found" without the resource name; no other value may be lost.
    const wrong = reference.filter((k) => {
      const mine = placeholders(flat[lang][k]);
      const english = placeholders(flat.en[k]);
      return mine.some((p) => !english.includes(p)) || english.some((p) => p !== '{{name}}' && !mine.includes(p));
    });
    expect(wrong).toEqual([]);
  });

  it('translates the texts a visitor sees first', () => {
    const login = LANGUAGES.map((l) => flat[l]['app.auth.login']);
    expect(new Set(login).size).toBe(LANGUAGES.length);
    expect(flat.ar['app.auth.login']).toBe('تسجيل الدخول');
  });

  it('takes react-admin’s texts from a package, in i18next’s placeholders, the product’s wording first', () => {
    const texts = raTexts(
      { ra: { action: { save: 'Keep', add: 'Add' }, page: { create: 'Create %{name}' }, unused: { key: 'Not shipped' } } },
      { ra: { action: { add: 'Plus' } } },
    );
    expect(flatten(texts)).toEqual({ 'ra.action.add': 'Plus', 'ra.action.save': 'Keep', 'ra.page.create': 'Create {{name}}' });
    expect(flat.ru['ra.action.save']).toBe('Сохранить');
  });
});
