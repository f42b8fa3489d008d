import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LanguageMenu } from '../layout/LanguageMenu';

/**
 * The frame of the customer's pages (/t and /f): the business's name when known, the language
 * menu, and one main region with the page's heading, so a screen reader lands on what matters.
 */
export function TicketShell({ title, business, children }: { title: string; business?: string | null; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#eef2f7', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, bgcolor: '#0d47a1', color: '#fff' }}>
        <Typography component="p" variant="h6" fontWeight={700}>
          {business || translate('app.name')}
        </Typography>
        <LanguageMenu named />
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: 3, flexGrow: 1 }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }} elevation={2}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
