import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { PAYMENT_CURRENCIES, type PaymentSettings } from '@tabour/contracts';
import { getPaymentSettings, savePaymentSettings } from '../../data/account';
import { T } from './payment-keys';

const SETTINGS_KEY = ['settings', 'myliberrex'];

/** The business's payment settings: the currency, and whether counter agents may enter an amount. */
export function PaymentSettingsSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: getPaymentSettings });
  const save = async (change: Partial<PaymentSettings>) => {
    try {
      queryClient.setQueryData(SETTINGS_KEY, await savePaymentSettings(change));
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  if (!settings.data) return <Loading />;
  return (
    <Box component="section" sx={{ mb: 3 }} data-testid="payment-settings">
      <Typography variant="h6" component="h2">
        {translate(`${T}.settings`)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 1 }}>
        <TextField
          select
          size="small"
          label={translate(`${T}.currency`)}
          value={settings.data.currency}
          onChange={(e) => save({ currency: e.target.value as PaymentSettings['currency'] })}
          fullWidth={false}
          sx={{ width: 140 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'payment-currency' } as object } }}
        >
          {PAYMENT_CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <FormControlLabel
            control={
              <Switch checked={settings.data.agents_may_enter_amount} onChange={(_, v) => save({ agents_may_enter_amount: v })} data-testid="payment-agents" />
            }
            label={translate(`${T}.agents_may_enter_amount`)}
          />
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.agents_hint`)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
