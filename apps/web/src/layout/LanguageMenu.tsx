import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';

/** The language picker of the app bar and of the public pages. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        // The accessible name contains the visible text (WCAG 2.5.3), e.g. "Language: EN".
        aria-label={`${translate('app.language')}: ${locale.toUpperCase()}`}
        aria-haspopup="true"
        data-testid="language-menu"
      >
        {locale.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((l) => (
          <MenuItem
            key={l}
            selected={l === locale}
            lang={l}
            data-testid={`language-${l}`}
            onClick={() => {
              setAnchor(null);
              setLocale(l);
            }}
          >
            {NATIVE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
