import { lazy, StrictMode, Suspense, useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { BrowserRouter, Navigate, useLocation } from 'react-router-dom';
import type { I18nProvider } from 'react-admin';
import { routeAccess } from './auth/access';
import { readSession, subjectOf } from './auth/session';
import { isVisitorPage } from './public/routes';
// In the first download (preloaded with the entry): the visitor's pages are small, and /login starts with them.
import PublicApp from './public/PublicApp';
import { applyLanguage, currentLanguage, initialLanguage, onLanguageChange } from './i18n/current';
import { createVisitorI18nProvider } from './i18n/lite';
import { direction } from './i18n/languages';
import { cacheFor, loadCache } from './i18n/theme';
import { warmBackOfficeTexts } from './i18n/warm';
// Small, and in the entry: the counter's first reads leave as the entry runs, before the back-office's files are asked for.
import { startFirstReads } from './data/queueFirstReads';

type Dir = 'rtl' | 'ltr';

/**
 * The back-office and a visitor's pages are apart: /login downloads neither react-admin's
 * screens nor i18next. The back-office comes with its own i18nProvider, in the language of the
 * moment (a visitor may have picked one on the login page).
 */
async function loadBackOffice(screen?: Promise<unknown>) {
  // The language's texts are asked for before the back-office's code, not after the table of
  // them (i18n/load.ts) has come behind it: the provider's own calls then find them in the module map.
  const lang = currentLanguage();
  warmBackOfficeTexts(lang);
  void loadCache(direction(lang));
  // `screen`: the first screen's own module, awaited with the rest, so that the back-office's
  // first render is that screen rather than the layout alone, with the screen a paint later.
  // Its failure is the route's to show (it asks for the module again).
  const [{ App: BackOffice }, { createI18nProvider }] = await Promise.all([import('./App'), import('./i18n/provider'), screen?.catch(() => undefined)]);
  const i18nProvider = await createI18nProvider(currentLanguage());
  return { default: ({ dir }: { dir: Dir }) => <BackOffice i18nProvider={i18nProvider} dir={dir} /> };
}

// What the first screen needs starts downloading now, beside the texts, not once they are in.
const session = readSession();
// A logged-in page takes its language now; a visitor's is set by the visitor's translator.
if (session) applyLanguage(initialLanguage());
// A visitor on a protected page is on /login before anything else is fetched.
const { pathname } = window.location;
if (!session && (pathname === '/' || routeAccess(pathname, null) === 'login')) window.history.replaceState(null, '', '/login');
// The counter's screen, open all day at the front desk, comes with the back-office rather than after it.
// Its data too, when the role may open it (a refused role sends no request: its 403 would end the session).
// Asked for first: the browser takes requests in order over a few connections, and these
// answers take the server longest, so they start before the back-office's code is queued.
const waitingList = session ? /^\/queues\/([^/]+)\/waitinglist\/?$/.exec(pathname) : null;
if (waitingList && routeAccess(pathname, subjectOf(session)) === 'allowed') startFirstReads(decodeURIComponent(waitingList[1]));
const first = session ? loadBackOffice(waitingList ? import('./queues/waitinglist/WaitingList') : undefined) : null;
const App = lazy(() => first ?? loadBackOffice());

/**
 * A visitor on a public page gets the light app; anyone else the back-office, kept once loaded
 * (logging out then shows its own login page). A visitor on a protected page goes to /login at
 * once, before any of the back-office is fetched.
 */
function Screens({ visitorI18n, dir }: { visitorI18n: I18nProvider | null; dir: Dir }) {
  const { pathname } = useLocation();
  const visitor = !readSession();
  const [full, setFull] = useState(false);
  const light = !full && visitorI18n !== null && visitor && isVisitorPage(pathname);
  const toLogin = !full && visitor && !light && (pathname === '/' || routeAccess(pathname, null) === 'login');
  // Latched during render (React's pattern for state that follows the props), before anything mounts.
  if (!full && !light && !toLogin) setFull(true);
  if (toLogin && visitorI18n) return <Navigate to="/login" replace />;
  return <Suspense fallback={null}>{light ? <PublicApp i18nProvider={visitorI18n!} dir={dir} /> : <App dir={dir} />}</Suspense>;
}

function Root({ visitorI18n }: { visitorI18n: I18nProvider | null }) {
  const dir = useSyncExternalStore(onLanguageChange, () => direction(currentLanguage()));
  // The translators fetch the right-to-left cache before switching; this only covers a direction
  // set some other way, and shows it once its cache is in.
  const [, cacheLoaded] = useReducer((n: number) => n + 1, 0);
  const cache = cacheFor(dir);
  useEffect(() => {
    if (cacheFor(dir) !== cache) cacheLoaded();
    else void loadCache(dir).then(() => cacheFor(dir) !== cache && cacheLoaded());
  }, [dir, cache]);
  return (
    <CacheProvider value={cache}>
      <BrowserRouter>
        <Screens visitorI18n={visitorI18n} dir={dir} />
      </BrowserRouter>
    </CacheProvider>
  );
}

function mount(visitorI18n: I18nProvider | null) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root visitorI18n={visitorI18n} />
    </StrictMode>,
  );
}

// A visitor (no session) starts with the light pages' texts; the back-office brings its own.
if (session) mount(null);
else void createVisitorI18nProvider(initialLanguage()).then(mount);
