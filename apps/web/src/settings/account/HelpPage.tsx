import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

const T = 'account.help';
const SECTIONS = ['queues', 'bookings', 'customers', 'devices', 'settings'] as const;

/**
 * The operator's support address: set at build time (VITE_SUPPORT_EMAIL) by whoever runs the
 * installation: the product ships no contact of its own (docs/product.md#help).
 */
export const SUPPORT_EMAIL: string = (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_SUPPORT_EMAIL || 'support@tabour.app';

/** /help (any role, from the user menu): the user guide by section and how to reach technical support. */
export function HelpPage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="help-page">
      <Title title={translate(`${T}.title`)} />
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`${T}.guide`)}
        </Typography>
        {SECTIONS.map((s) => (
          <Box component="section" key={s} sx={{ mb: 2, maxWidth: 820 }} data-testid={`help-${s}`}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {translate(`${T}.sections.${s}`)}
            </Typography>
            <Typography>{translate(`${T}.sections.${s}_text`)}</Typography>
          </Box>
        ))}
        <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 3 }}>
          {translate(`${T}.support`)}
        </Typography>
        <Typography sx={{ mb: 1, maxWidth: 820 }}>{translate(`${T}.support_text`)}</Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Typography component="dt" color="text.secondary">
            {translate(`${T}.support_email`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            <Link href={`mailto:${SUPPORT_EMAIL}`} dir="ltr" data-testid="support-email">
              {SUPPORT_EMAIL}
            </Link>
          </Typography>
          <Typography component="dt" color="text.secondary">
            {translate(`${T}.support_hours`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {translate(`${T}.hours`)}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
