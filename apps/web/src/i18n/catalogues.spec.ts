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

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s keeps every placeholder of the English text', (lang) => {
    const wrong = reference.filter((k) => placeholders(flat[lang][k]).join() !== placeholders(flat.en[k]).join());
    expect(wrong).toEqual([]);
  });

  it('translates the texts a visitor sees first', () => {
    const login = LANGUAGES.map((l) => flat[l]['app.auth.login']);
    expect(new Set(login).size).toBe(LANGUAGES.length);
    expect(flat.ar['app.auth.login']).toBe('تسجيل الدخول');
  });
});
