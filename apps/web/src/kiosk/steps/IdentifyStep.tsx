import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { guestAllowed } from '../model';
import { VirtualKeyboard } from '../VirtualKeyboard';
import { StepError, StepNav, StepTitle, type StepProps } from './parts';

/** Who the customer is: the phone number (typed, or scanned in barcode mode), or a guest where allowed. */
export function IdentifyStep({ kiosk, flow, dispatch, busy, locale, reset, onSearch }: StepProps & { onSearch: (e?: FormEvent) => void }) {
  const translate = useTranslate();
  const inputMode = kiosk.virtual_keyboard ? ('none' as const) : undefined;
  const pseudo = translate(`kiosk.pseudos.${kiosk.guest_pseudo}`);
  return (
    <>
      <StepTitle text={translate('kiosk.identify.title')} />
      <StepError error={flow.error} />
      <Box component="form" onSubmit={onSearch} noValidate sx={{ display: 'grid', gap: 2, width: '100%', maxWidth: 560 }}>
        <TextField
          label={translate('kiosk.identify.phone')}
          value={flow.phone}
          onChange={(e) => dispatch({ type: 'phone', value: e.target.value })}
          onFocus={() => dispatch({ type: 'field', field: 'phone' })}
          autoFocus={kiosk.barcode_mode}
          helperText={kiosk.barcode_mode ? translate('kiosk.identify.scan') : undefined}
          slotProps={{ htmlInput: { inputMode: inputMode ?? 'tel', autoComplete: 'off', 'data-testid': 'kiosk-phone', style: { fontSize: '2rem' } } }}
          sx={{ bgcolor: '#ffffff' }}
        />
        {kiosk.virtual_keyboard && (
          <VirtualKeyboard
            layout="digits"
            lang={locale}
            onKey={(key) => dispatch({ type: 'key', key })}
            onBackspace={() => dispatch({ type: 'backspace' })}
            label={translate('kiosk.keyboard.label')}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="kiosk-search">
          {translate('kiosk.identify.search')}
        </Button>
        {guestAllowed(kiosk) && (
          <Button
            variant="outlined"
            size="large"
            onClick={() => dispatch({ type: 'identified', customer: null })}
            data-testid="kiosk-guest"
            sx={{ bgcolor: '#ffffff' }}
          >
            {translate('kiosk.identify.guest', { pseudo })}
          </Button>
        )}
      </Box>
      <StepNav back="language" dispatch={dispatch} reset={reset} />
    </>
  );
}
