import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { KeysSection } from './KeysSection';
import { WebhooksSection } from './WebhooksSection';

/** /settings/integrations (ADMIN): API keys for integrators, and the business's webhooks. */
export function IntegrationsPage() {
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 3, py: 2 }} data-testid="integrations-page">
      <Title title={translate('integrations.title')} />
      <Typography color="text.secondary">{translate('integrations.intro')}</Typography>
      <KeysSection />
      <WebhooksSection />
    </Stack>
  );
}

export default IntegrationsPage;
