import type { Tree } from './catalogues/types';

export type Options = { _?: string; smart_count?: number; count?: number; [name: string]: unknown };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));

/**
 * A text as i18next words it for our catalogues: the first of the trees (the language, then its
 * fallbacks) that has the key, its plural form picked by the count (`key_one`, `key_few`, ...,
 * else `key_other`, else `key`), `{{name}}` filled in; `_` when no tree has it, else the key.
 */
export function translateIn(trees: readonly Tree[], lang: string, key: string, options: Options = {}): string {
  const { _: fallback, ...values } = options;
  const count = values.smart_count ?? values.count;
  if (count !== undefined) values.count = count;
  const form = typeof count === 'number' ? new Intl.PluralRules(lang).select(count) : null;
  for (const tree of trees) {
    const text = (form && (lookup(tree, `${key}_${form}`) ?? lookup(tree, `${key}_other`))) || lookup(tree, key);
    if (text !== undefined) return interpolate(text, values);
  }
  return fallback !== undefined ? interpolate(fallback, values) : key;
}

export type RaTree = { [key: string]: string | RaTree };

/**
 * react-admin's words in i18next's form, as ra-i18n-i18next converts them (`%{x}` → `{{x}}`,
 * "one |||| many" → `key_one` and `key_other`), without the deep-clone library it brings along.
 */
export function raToI18next(tree: RaTree): Tree {
  const out: Tree = {};
  const fill = (text: string) => text.replace(/%\{([a-zA-Z0-9-_]*)\}/g, (_, name: string) => `{{${name}}}`);
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object') out[key] = raToI18next(value);
    else if (value.includes(' |||| ')) {
      const [one, other] = value.split(' |||| ');
      out[`${key}_one`] = fill(one);
      out[`${key}_other`] = fill(other);
    } else out[key] = fill(value);
  }
  return out;
}
