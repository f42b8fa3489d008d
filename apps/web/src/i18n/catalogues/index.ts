import ar from './ar';
import de from './de';
import { DEVICES_CATALOGUES } from './devices';
import type { DevicesCatalogue } from './devices/en';
import en, { Catalogue as MainCatalogue } from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import ru from './ru';
import type { Language } from '../languages';

export type Catalogue = MainCatalogue & DevicesCatalogue;

type Tree = { [k: string]: unknown };
/** Deep merge of two key trees; the second adds keys, it never replaces a text of the first. */
function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    out[k] = typeof v === 'object' && v !== null && typeof out[k] === 'object' && out[k] !== null ? merge(out[k] as Tree, v as Tree) : k in out ? out[k] : v;
  }
  return out;
}

const MAIN: Record<Language, MainCatalogue> = { ar, de, en, es, fr, pt, ru };
export const CATALOGUES = Object.fromEntries(
  (Object.keys(MAIN) as Language[]).map((l) => [l, merge(MAIN[l] as unknown as Tree, DEVICES_CATALOGUES[l] as unknown as Tree) as unknown as Catalogue]),
) as Record<Language, Catalogue>;
