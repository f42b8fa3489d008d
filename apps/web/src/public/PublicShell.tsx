import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LanguageMenu } from '../layout/LanguageMenu';
import { Backdrop, BACKDROPS, backdropFor, SERVER_KEY } from './background';

function storedServer(): string | null {
  try {
    return localStorage.getItem(SERVER_KEY);
  } catch {
    return null;
  }
}

/** The public pages' frame: the backdrop of the host, the product name, the language menu. */
export function PublicShell({ title, children, wide = false, backdrop: forced }: { title: string; children: ReactNode; wide?: boolean; backdrop?: Backdrop }) {
  const translate = useTranslate();
  const backdrop = forced ?? backdropFor(window.location.hostname, storedServer());
  return (
    <Box
      component="main"
      data-backdrop={backdrop}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: BACKDROPS[backdrop],
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: wide ? 720 : 420 }} elevation={8}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1 }}>
          <Typography variant="h6" color="primary" fontWeight={700}>
            {translate('app.name')}
          </Typography>
          <LanguageMenu color="primary" />
        </Box>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(title)}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
