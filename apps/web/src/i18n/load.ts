import { loaderOf, type Namespace } from './loader';

export { mergeTrees } from './loader';

/**
 * Every namespace of every language is a chunk of its own, fetched when first needed: a page in
 * English never downloads the six other languages. This table of them all is the back-office's
 * (fetched with it); a visitor's pages use load-visitor.ts.
 */
const FILES = import.meta.glob<Namespace>(['./catalogues/*/*.ts', '!./catalogues/*/index.ts']);

export const { loadCatalogue, loadFallbacks } = loaderOf(FILES);
