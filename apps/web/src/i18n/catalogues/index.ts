/**
 * The catalogues: one folder per language, one file per namespace (react-admin's texts, the
 * back office's frame, customers, queues, settings, resources, devices), merged here into the
 * one tree per language that i18next reads.
 */
import ar from './ar';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import ru from './ru';
import type { RaTexts } from './ra';
import type { Texts, Tree } from './types';
import type { Language } from '../languages';

type English = typeof en;
export type Namespace = keyof English;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** One language's catalogue: every namespace's keys in one tree. */
export type Catalogue = RaTexts & UnionToIntersection<{ [N in Exclude<Namespace, 'ra'>]: Texts<English[N]> }[Exclude<Namespace, 'ra'>]>;

/** Every language's namespaces, for the key-parity test to compare one namespace at a time. */
export const NAMESPACES: Record<Language, Record<Namespace, Tree>> = { ar, de, en, es, fr, pt, ru };

/** Deep merge of two key trees; namespaces share top-level keys (`app`, `resources`) but never a text. */
function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const mine = out[k];
    out[k] = typeof v === 'object' && typeof mine === 'object' ? merge(mine, v) : (mine ?? v);
  }
  return out;
}

export const CATALOGUES = Object.fromEntries(
  (Object.keys(NAMESPACES) as Language[]).map((l) => [l, Object.values(NAMESPACES[l]).reduce(merge, {}) as unknown as Catalogue]),
) as Record<Language, Catalogue>;
