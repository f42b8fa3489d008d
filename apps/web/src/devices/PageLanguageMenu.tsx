import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage, LANGUAGES, NATIVE_NAMES } from '../i18n/languages';

/**
 * The language menu of the customers' and the devices' pages. It shows the current language by
 * its own name, and its accessible name says what it is for and includes that visible name, so
 * a voice-control user can say what they see.
 */
export function PageLanguageMenu() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = isLanguage(locale) ? NATIVE_NAMES[locale] : locale;
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`${translate('app.language')}: ${current}`}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-testid="language-menu"
        sx={{ textTransform: 'none', fontSize: '1rem' }}
      >
        {current}
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
