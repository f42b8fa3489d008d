import { lazy, Suspense, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import {
  I18nContextProvider,
  localStorageStore,
  NotificationContextProvider,
  StoreContextProvider,
  useNotificationContext,
  type I18nProvider,
} from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { themeFor } from '../i18n/theme';
import { VISITOR_ROUTES } from './routes';

const Toasts = lazy(() => import('../layout/Toasts').then((m) => ({ default: m.Toasts })));

/** The toast (a snackbar, an alert, their transition) is fetched with the page's first message. */
function LazyToasts() {
  const { notifications } = useNotificationContext();
  if (!notifications.length) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** The back-office's store, shared by name: the language picked here is the app's after logging in. */
const store = localStorageStore('1', 'Tabour');

/**
 * A visitor's pages (log in, register, password, privacy, terms) without the back-office: only
 * the react-admin contexts their hooks read (store, notifications, texts) and MUI. Not
 * CoreAdminContext: it brings react-query's client and react-router's data router, which no
 * visitor's page uses (the login is a plain call, LoginPage). Once logged in, the path leaves
 * this set and the app loads.
 */
export default function PublicApp({ i18nProvider, dir }: { i18nProvider: I18nProvider; dir: 'rtl' | 'ltr' }) {
  const theme = useMemo(() => createTheme(themeFor(dir)), [dir]);
  return (
    <StoreContextProvider value={store}>
      <NotificationContextProvider>
        <I18nContextProvider value={i18nProvider}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <Suspense fallback={null}>
              <Routes>
                {VISITOR_ROUTES.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
                <Route path="*" element={<Navigate to="/login" replace />} />
              </Routes>
            </Suspense>
            <LazyToasts />
          </ThemeProvider>
        </I18nContextProvider>
      </NotificationContextProvider>
    </StoreContextProvider>
  );
}
