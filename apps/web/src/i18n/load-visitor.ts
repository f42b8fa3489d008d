import { loaderOf, type Namespace } from './loader';

/** What the login, registration and password pages show: react-admin's texts and the app's frame. */
export const VISITOR_NAMESPACES: readonly string[] = ['ra', 'app'];

/**
 * The visitor's namespaces only (the same chunks as the back-office's, load.ts): the entry holds
 * the addresses of 14 files rather than of every namespace of every language.
 */
const FILES = import.meta.glob<Namespace>(['./catalogues/*/ra.ts', './catalogues/*/app.ts']);

export const { loadCatalogue, loadFallbacks } = loaderOf(FILES);
