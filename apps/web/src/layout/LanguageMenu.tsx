import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage, NATIVE_NAMES } from '../i18n/languages';

// The list (a menu, its popover and focus trap) is fetched when first opened: the login page's first download is lighter.
const LanguageList = lazy(() => import('./LanguageList'));

/**
 * The language picker of the app bar, the public pages and the devices' pages. `named` shows the
 * current language by its own name ("Français") instead of its code, for customers' screens.
 * The accessible name contains the visible text (WCAG 2.5.3), e.g. "Language: EN", so a
 * voice-control user can say what they see.
 */
export function LanguageMenu({ color = 'inherit', named = false }: { color?: 'inherit' | 'primary'; named?: boolean }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = named && isLanguage(locale) ? NATIVE_NAMES[locale] : locale.toUpperCase();
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`${translate('app.language')}: ${current}`}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-testid="language-menu"
        sx={named ? { textTransform: 'none', fontSize: '1rem' } : undefined}
      >
        {current}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageList
            anchor={anchor}
            locale={locale}
            onClose={() => setAnchor(null)}
            onPick={(l) => {
              setAnchor(null);
              setLocale(l);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
