import { CATALOGUES } from './catalogues';
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
const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

describe('the catalogues', () => {
  it('cover the seven languages', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'pt', 'ru']);
    expect(reference.length).toBeGreaterThan(250);
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
});
