import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { useLocale, useTranslate } from 'react-admin';
import { HttpError } from '../data/http';
import { existingRegistration, NotifyMode, notificationsSupported, rememberedMode, turnOff, turnOn } from './push';

type State = { kind: 'off' } | { kind: 'busy' } | { kind: 'on'; mode: NotifyMode } | { kind: 'denied' } | { kind: 'failed'; reason: string };

/** What the page knew before this load: on only if the permission still stands and the worker is still there. */
async function initialState(uid: string): Promise<State> {
  const mode = rememberedMode(uid);
  if (!mode || Notification.permission !== 'granted') return Notification.permission === 'denied' ? { kind: 'denied' } : { kind: 'off' };
  const reg = await existingRegistration(uid);
  if (!reg) return { kind: 'off' };
  const sub = await reg.pushManager?.getSubscription().catch(() => null);
  return { kind: 'on', mode: sub ? 'push' : 'page' };
}

/**
 * "Notify me": shown only where the browser has service workers and notifications. The
 * permission is asked on the click, never on load. `onChange` tells the page whether it should
 * show the call itself while in the background.
 */
export function NotifyMe({ uid, onChange }: { uid: string; onChange: (on: boolean) => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const [state, setState] = useState<State>({ kind: 'busy' });
  const supported = notificationsSupported();

  useEffect(() => {
    if (!supported) return;
    let gone = false;
    initialState(uid)
      .catch((): State => ({ kind: 'off' }))
      .then((s) => !gone && setState(s));
    return () => {
      gone = true;
    };
  }, [uid, supported]);
  useEffect(() => onChange(state.kind === 'on'), [state.kind, onChange]);

  if (!supported) return null;
  const reason = (e: unknown) => (e instanceof HttpError ? (e.body.message ?? e.message) : e instanceof Error ? e.message : String(e));

  const on = async () => {
    setState({ kind: 'busy' });
    try {
      const got = await turnOn(uid, locale);
      // A prompt closed without an answer leaves the button, to be asked again.
      setState(got === 'denied' ? { kind: 'denied' } : got === 'dismissed' ? { kind: 'off' } : { kind: 'on', mode: got.mode });
    } catch (e) {
      setState({ kind: 'failed', reason: reason(e) });
    }
  };
  const off = async () => {
    setState({ kind: 'busy' });
    try {
      await turnOff(uid);
      setState({ kind: 'off' });
    } catch (e) {
      setState({ kind: 'failed', reason: reason(e) });
    }
  };

  return (
    <Box sx={{ mt: 3 }} data-testid="notify" data-state={state.kind === 'on' ? `on-${state.mode}` : state.kind}>
      {state.kind === 'busy' && <CircularProgress size={24} aria-label={translate('app.loading')} />}
      {(state.kind === 'off' || state.kind === 'failed') && (
        <>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('ticket.push.hint')}
          </Typography>
          <Button variant="contained" size="large" startIcon={<NotificationsActiveIcon />} onClick={on} data-testid="notify-on">
            {translate('ticket.push.notify_me')}
          </Button>
        </>
      )}
      {state.kind === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {translate('ticket.push.failed', { reason: state.reason })}
        </Alert>
      )}
      {state.kind === 'denied' && (
        <Alert severity="warning" data-testid="notify-denied">
          {translate('ticket.push.denied')}
        </Alert>
      )}
      {state.kind === 'on' && (
        <Alert
          severity={state.mode === 'push' ? 'success' : 'info'}
          role="status"
          data-testid="notify-status"
          action={
            <Button color="inherit" size="small" onClick={off} data-testid="notify-off" sx={{ whiteSpace: 'nowrap' }}>
              {translate('ticket.push.turn_off')}
            </Button>
          }
        >
          {translate(state.mode === 'push' ? 'ticket.push.on' : 'ticket.push.on_page_only')}
        </Alert>
      )}
    </Box>
  );
}
