import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { BillingMembership } from '@tabour/contracts';
import { useFormat } from '../../i18n/format';
import { changeRenewal } from '../../data/membership';
import { countdown } from './countdown';
import { T, type Paid } from './membership-keys';
import { rememberMembership } from './rememberMembership';
import { useRefusal } from './useRefusal';

/** The package in force: its plan and status, the trial's countdown, the SMS used, what is locked, and the renewal switch. */
export function Current({ m }: { m: BillingMembership }) {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const refusal = useRefusal();
  const queryClient = useQueryClient();
  const left = m.package === 'TRIAL' ? countdown(m.trial.ends_at) : null;
  const renewal = async (action: 'cancel' | 'resume') => {
    try {
      const answer = await changeRenewal(m.package as Paid, action);
      rememberMembership(answer.membership);
      queryClient.setQueryData(['billing', 'membership'], answer.membership);
      notify('app.toast.saved', { type: 'success' });
    } catch (e) {
      notify(refusal(e), { type: 'error' });
    }
  };
  return (
    <Box component="section" data-testid="membership-current">
      <Typography variant="h6" component="h2">
        {translate(`${T}.current`)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 1 }}>
        <Typography variant="h5" component="p" data-testid="membership-package">
          {m.package}
        </Typography>
        {m.plan && <Chip label={translate(`${T}.plans.${m.plan}`)} />}
        <Chip label={translate(`${T}.statuses.${m.status}`)} color={m.status === 'grace' ? 'error' : 'default'} data-testid="membership-status" />
      </Box>
      {left && (
        <Typography data-testid="membership-trial">
          {left.days === 0 && left.hours === 0 ? translate(`${T}.trial_over`) : translate(`${T}.trial_left`, left)}
        </Typography>
      )}
      {m.period_ends_at && <Typography>{translate(`${T}.ends_at`, { when: f.when(m.period_ends_at, 'date') })}</Typography>}
      <Typography color="text.secondary">{translate(`${T}.sms`, { consumed: f.number(m.sms.consumed), allowance: f.number(m.sms.allowance) })}</Typography>
      {m.locked.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="membership-locked">
          {translate(`${T}.locked`, { features: m.locked.map((x) => translate(`${T}.feature_names.${x}`)).join(', ') })}
        </Alert>
      )}
      {m.status === 'active' && (m.package === 'LIBERUP' || m.package === 'LIBERPRO') && (
        <Button sx={{ mt: 1 }} color="error" onClick={() => renewal('cancel')} data-testid="membership-cancel">
          {translate(`${T}.cancel`)}
        </Button>
      )}
      {(m.status === 'cancelling' || m.scheduled_change) && (m.package === 'LIBERUP' || m.package === 'LIBERPRO') && (
        <Button sx={{ mt: 1 }} onClick={() => renewal('resume')} data-testid="membership-resume">
          {translate(`${T}.resume`)}
        </Button>
      )}
    </Box>
  );
}
