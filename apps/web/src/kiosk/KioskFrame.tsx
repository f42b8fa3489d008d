import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import GlobalStyles from '@mui/material/GlobalStyles';
import { createTheme, ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { LanguageMenu } from '../layout/LanguageMenu';
import { kioskCssVars, KioskSettings, textOn } from './model';

/**
 * Only the ticket on an 80 mm receipt printer: everything else is hidden on paper, the page is
 * the paper's width, and the ticket is laid out in black on white.
 */
const PRINT_CSS = `
@media print {
  @page { size: 80mm auto; margin: 0; }
  html, body { width: 80mm; margin: 0; padding: 0; background: #fff !important; }
  body * { visibility: hidden !important; }
  #kiosk-receipt, #kiosk-receipt * { visibility: visible !important; color: #000 !important; background: #fff !important; box-shadow: none !important; }
  #kiosk-receipt { position: absolute; left: 0; top: 0; width: 80mm; padding: 4mm; box-sizing: border-box; font-size: 11pt; zoom: 1 !important; }
  #kiosk-receipt .receipt-label { font-size: 40pt !important; }
  #kiosk-receipt .no-print { display: none !important; }
}
`;

/**
 * The kiosk's screen: its colours as CSS variables and in the MUI theme, its zoom, big touch
 * targets, a header with the business and the language menu, and the second style's header
 * and footer colours when that style is on.
 */
export function KioskFrame({
  kiosk,
  business,
  style,
  children,
  footer,
}: {
  kiosk: Pick<KioskSettings, 'colours' | 'v2_colours' | 'zoom'> | null;
  business?: string | null;
  style: 1 | 2;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const translate = useTranslate();
  const vars = kioskCssVars(kiosk ?? { colours: {}, v2_colours: {} }, style);
  const primary = vars['--kiosk-primary'];
  const header = style === 2 ? vars['--kiosk-v2-header'] : vars['--kiosk-primary-dark'];
  const theme = (outer: Theme) =>
    createTheme({
      direction: outer.direction,
      typography: { fontFamily: outer.typography.fontFamily, fontSize: 18 },
      palette: {
        primary: { main: primary, contrastText: textOn(primary) },
        secondary: { main: vars['--kiosk-secondary'] },
        error: { main: vars['--kiosk-danger'] },
        success: { main: vars['--kiosk-success'] },
      },
      components: {
        MuiButton: { styleOverrides: { root: { minHeight: 64, fontSize: '1.25rem', borderRadius: 12, textTransform: 'none' } } },
      },
    });
  const zoom = kiosk?.zoom && kiosk.zoom !== 100 ? kiosk.zoom / 100 : undefined;
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles styles={PRINT_CSS} />
      <Box
        data-testid="kiosk-frame"
        data-style={style}
        style={vars as React.CSSProperties}
        sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'var(--kiosk-default)', color: '#1a1a1a', zoom }}
      >
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 3, py: 1.5, bgcolor: header, color: textOn(header) }}
        >
          <Typography component="p" variant="h5" fontWeight={700}>
            {business || translate('app.name')}
          </Typography>
          <LanguageMenu named />
        </Box>
        <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', p: { xs: 2, md: 4 } }}>
          {children}
        </Box>
        {style === 2 && (
          <Box component="footer" sx={{ px: 3, py: 1.5, bgcolor: vars['--kiosk-v2-footer'], color: textOn(vars['--kiosk-v2-footer']), minHeight: 48 }}>
            {footer}
          </Box>
        )}
      </Box>
    </ThemeProvider>
  );
}
