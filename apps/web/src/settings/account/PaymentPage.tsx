import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Title, useTranslate } from 'react-admin';
import { PaymentSettingsSection } from './PaymentSettingsSection';
import { T } from './payment-keys';
import { ReceivedSection } from './ReceivedSection';

/** /settings/payment (ADMIN): the payments the business received on its bookings, and its payment settings. */
export function PaymentSettingsPage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="payment-page">
      <Title title={translate(`${T}.title`)} />
      <CardContent>
        <PaymentSettingsSection />
        <ReceivedSection />
      </CardContent>
    </Card>
  );
}
