import type { Tree } from './catalogues/types';
import { FALLBACK_LANGUAGE, type Language } from './languages';

export type Namespace = { default: Tree };
/** Catalogue files as `import.meta.glob` lists them: `./catalogues/<lang>/<namespace>.ts` → its chunk. */
export type CatalogueFiles = Record<string, () => Promise<Namespace>>;

/** Deep merge; the earlier tree's text wins where both write one. */
export function mergeTrees(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const mine = out[k];
    out[k] = typeof v === 'object' && typeof mine === 'object' ? mergeTrees(mine, v) : (mine ?? v);
  }
  return out;
}

const englishRa = () => import('./english-ra').then((m) => m.default);

/**
 * The loaders over one list of catalogue files: the back-office's (every namespace, load.ts) or
 * a visitor's (the namespaces its pages show, load-visitor.ts). Each list is a table of every
 * chunk's address, so the visitor's first download holds the short one only.
 */
export function loaderOf(files: CatalogueFiles) {
  const namespacesOf = (lang: Language) =>
    Object.keys(files)
      .filter((file) => file.startsWith(`./catalogues/${lang}/`))
      .map((file) => file.slice(`./catalogues/${lang}/`.length, -'.ts'.length));

  /**
   * A language's namespaces (all of them, or the ones named) merged into the one tree i18next
   * reads; English laid over react-admin's complete English texts. Every namespace is fetched at
   * once, side by side.
   */
  async function loadCatalogue(lang: Language, only?: readonly string[]): Promise<Tree> {
    const names = namespacesOf(lang).filter((n) => !only || only.includes(n));
    // Asked for beside the namespaces, not once they are in: one round trip, not two.
    const under = lang === 'en' ? englishRa() : null;
    const trees = await Promise.all(names.map((n) => files[`./catalogues/${lang}/${n}.ts`]().then((m) => m.default)));
    const tree = trees.reduce(mergeTrees, {});
    return under ? mergeTrees(tree, await under) : tree;
  }

  /**
   * What a language falls back to for a react-admin text it does not list (our own keys are in
   * every language: the key-parity test): French's react-admin texts, then English's.
   */
  async function loadFallbacks(lang: Language): Promise<Partial<Record<Language, Tree>>> {
    if (lang === 'en') return {};
    const [fr, en] = await Promise.all([lang === FALLBACK_LANGUAGE ? Promise.resolve(null) : loadCatalogue(FALLBACK_LANGUAGE, ['ra']), englishRa()]);
    return fr ? { fr, en } : { en };
  }

  return { loadCatalogue, loadFallbacks };
}
