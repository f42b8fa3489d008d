import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { guestAllowed, registrationFields } from '../model';
import { VirtualKeyboard } from '../VirtualKeyboard';
import { StepError, StepNav, StepTitle, type StepProps } from './parts';

/** A phone no customer has: the details the kiosk asks for, or on as a guest where allowed. */
export function RegisterStep({ kiosk, flow, dispatch, busy, locale, reset, onRegister }: StepProps & { onRegister: (e?: FormEvent) => void }) {
  const translate = useTranslate();
  const inputMode = kiosk.virtual_keyboard ? ('none' as const) : undefined;
  const pseudo = translate(`kiosk.pseudos.${kiosk.guest_pseudo}`);
  return (
    <>
      <StepTitle text={translate('kiosk.register.title', { pseudo })} />
      <Typography sx={{ mb: 2 }}>{translate('kiosk.register.intro', { phone: flow.phone })}</Typography>
      <StepError error={flow.error} />
      <Box component="form" onSubmit={onRegister} noValidate sx={{ display: 'grid', gap: 2, width: '100%', maxWidth: 760 }}>
        {registrationFields(kiosk).map((f) => (
          <TextField
            key={f.field}
            label={translate(`kiosk.register.${f.field}`)}
            required={f.required}
            value={flow.details[f.field]}
            onChange={(e) => dispatch({ type: 'detail', field: f.field, value: e.target.value })}
            onFocus={() => dispatch({ type: 'field', field: f.field })}
            autoFocus={f.field === 'first_name'}
            slotProps={{ htmlInput: { inputMode, autoComplete: 'off', 'data-testid': `kiosk-${f.field}`, style: { fontSize: '1.6rem' } } }}
            sx={{ bgcolor: '#ffffff' }}
          />
        ))}
        {kiosk.virtual_keyboard && (
          <VirtualKeyboard
            layout={flow.field === 'internal_id' ? 'digits' : 'letters'}
            lang={locale}
            onKey={(key) => dispatch({ type: 'key', key })}
            onBackspace={() => dispatch({ type: 'backspace' })}
            label={translate('kiosk.keyboard.label')}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="kiosk-register">
          {translate('kiosk.register.submit')}
        </Button>
        {guestAllowed(kiosk) && (
          <Button variant="outlined" size="large" onClick={() => dispatch({ type: 'go', step: 'queue' })} sx={{ bgcolor: '#ffffff' }}>
            {translate('kiosk.identify.guest', { pseudo })}
          </Button>
        )}
      </Box>
      <StepNav back="identify" dispatch={dispatch} reset={reset} />
    </>
  );
}
