import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { defaultTheme, RaThemeOptions } from 'react-admin';

export function themeFor(dir: 'rtl' | 'ltr'): RaThemeOptions {
  return {
    ...defaultTheme,
    direction: dir,
    palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' } },
    typography: { ...defaultTheme.typography, fontFamily: dir === 'rtl' ? 'Tahoma, "Segoe UI", Arial, sans-serif' : 'Roboto, "Segoe UI", Arial, sans-serif' },
  };
}

/** Right-to-left pages flip every MUI style through stylis-plugin-rtl. */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
export const ltrCache = createCache({ key: 'muiltr' });
