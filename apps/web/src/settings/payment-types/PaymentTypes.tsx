import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import { PAYMENT_METHODS, type PaymentMethod } from '@tabour/contracts';
import { paymentTypes, savePaymentTypes } from '../../data/settings';

const T = 'settings.payment_types';
const KEY = ['settings-payment-types'];

/** The chosen methods in the contract's order, whatever order they were ticked in. */
export const toggled = (methods: readonly PaymentMethod[], method: PaymentMethod, on: boolean): PaymentMethod[] =>
  PAYMENT_METHODS.filter((m) => (m === method ? on : methods.includes(m)));

function MethodsForm({ initial }: { initial: PaymentMethod[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const [methods, setMethods] = useState<PaymentMethod[]>(initial);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const saved = await savePaymentTypes(methods);
      client.setQueryData(KEY, saved?.methods ? saved : { methods });
      notify(`${T}.saved`, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <FormGroup>
        {PAYMENT_METHODS.map((m) => (
          <FormControlLabel
            key={m}
            control={
              <Checkbox checked={methods.includes(m)} onChange={(e) => setMethods(toggled(methods, m, e.target.checked))} data-testid={`payment-${m}`} />
            }
            label={translate(`${T}.methods.${m}`)}
          />
        ))}
      </FormGroup>
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={save} data-testid="payment-save">
          {translate('ra.action.save')}
        </Button>
      </Box>
    </>
  );
}

/** Which payment methods the business accepts on a booking. */
export function PaymentTypesPage() {
  const translate = useTranslate();
  const types = useQuery({ queryKey: KEY, queryFn: paymentTypes });
  return (
    <Card sx={{ mt: 2, maxWidth: 600 }} data-testid="payment-types">
      <Title title={translate(`${T}.title`)} />
      <CardContent>
        <Typography variant="h6">{translate(`${T}.title`)}</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${T}.hint`)}
        </Typography>
        {types.isPending && <LinearProgress />}
        {types.isError && <Typography color="error">{(types.error as Error).message}</Typography>}
        {types.data && <MethodsForm initial={types.data.methods ?? []} />}
      </CardContent>
    </Card>
  );
}
