import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { BrowserRouter } from 'react-router-dom';
import type { I18nProvider } from 'react-admin';
import { App } from './App';
import { createI18nProvider, currentLanguage, initialLanguage, onLanguageChange } from './i18n/provider';
import { direction } from './i18n/languages';
import { ltrCache, rtlCache } from './theme';

function Root({ i18nProvider }: { i18nProvider: I18nProvider }) {
  const dir = useSyncExternalStore(onLanguageChange, () => direction(currentLanguage()));
  return (
    <CacheProvider value={dir === 'rtl' ? rtlCache : ltrCache}>
      <BrowserRouter>
        <App i18nProvider={i18nProvider} dir={dir} />
      </BrowserRouter>
    </CacheProvider>
  );
}

createI18nProvider(initialLanguage()).then((i18nProvider) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root i18nProvider={i18nProvider} />
    </StrictMode>,
  );
});
