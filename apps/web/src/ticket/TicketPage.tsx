import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useLocale, useTranslate } from 'react-admin';
import { api, HttpError } from '../data/http';
import { useDeviceChannel } from '../devices/deviceChannel';
import { visuallyHidden } from '../devices/a11y';
import { FeedbackForm, FeedbackThanks } from './FeedbackForm';
import { alertFor, allowedOn, feedbackState, minutes, PublicTicket, queueName, Stage, stageOf } from './model';
import { NotifyMe } from './NotifyMe';
import { showCalled } from './push';
import { TicketShell } from './TicketShell';

const ticketPath = (uid: string) => `/user/queue/uid/${encodeURIComponent(uid)}`;

/** The ticket as its link shows it; a wrong or expired link is a 404, told apart from other failures. */
export function usePublicTicket(uid: string) {
  const [live, setLive] = useState(false);
  const query = useQuery({
    queryKey: ['public-ticket', uid],
    queryFn: () => api<PublicTicket>(ticketPath(uid), { anonymous: true }),
    retry: (n, e) => !(e instanceof HttpError && e.status === 404) && n < 2,
    // The channel tells each change; without it the page still moves, every 30 s.
    refetchInterval: live ? 120_000 : 30_000,
  });
  const refetch = query.refetch;
  const state = useDeviceChannel({ token: null, rooms: [{ kind: 'ticket', id: uid }], onChange: useCallback(() => void refetch(), [refetch]), wait: 300 });
  // The poll above slows while the channel is live.
  if (live !== (state === 'live')) setLive(state === 'live');
  const invalid = query.error instanceof HttpError && query.error.status === 404;
  return { ...query, invalid, live: state };
}

/** A short beep where the browser allows sound; silence where it does not. */
function beep() {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.value = 0.2;
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
    osc.onended = () => void ctx.close();
  } catch {
    // no sound allowed before a tap on this browser: the banner and the vibration remain
  }
}

function useTurnAlert(stage: Stage | null, onCalled?: () => void) {
  const previous = useRef<Stage | null>(null);
  const called = useEffectEvent(() => onCalled?.());
  useEffect(() => {
    if (!stage) return;
    const alert = alertFor(previous.current, stage);
    previous.current = stage;
    if (!alert) return;
    if (alert === 'called') called();
    try {
      navigator.vibrate?.(alert === 'called' ? [300, 100, 300, 100, 300] : [200, 100, 200]);
    } catch {
      // vibration is refused on some browsers without a tap first
    }
    beep();
  }, [stage]);
}

export function InvalidTicket() {
  const translate = useTranslate();
  return (
    <TicketShell title={translate('ticket.invalid_title')}>
      <Typography data-testid="ticket-invalid">{translate('ticket.invalid_body')}</Typography>
    </TicketShell>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1, borderBottom: '1px solid #e0e0e0' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function LateDialog({ onClose, onSubmit }: { onClose: () => void; onSubmit: (places: number) => Promise<void> }) {
  const translate = useTranslate();
  const [places, setPlaces] = useState(1);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="late-title" aria-describedby="late-intro">
      <DialogTitle id="late-title">{translate('ticket.late_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="late-intro" sx={{ mb: 2 }}>
          {translate('ticket.late_intro')}
        </DialogContentText>
        <TextField
          select
          label={translate('ticket.late_places')}
          value={places}
          onChange={(e) => setPlaces(Number(e.target.value))}
          fullWidth
          data-testid="late-places"
        >
          {[1, 2, 3, 5, 10].map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="late-submit"
          onClick={async () => {
            setBusy(true);
            try {
              await onSubmit(places);
            } finally {
              setBusy(false);
            }
          }}
        >
          {translate('ticket.late_submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CancelDialog({ label, onClose, onConfirm }: { label: string; onClose: () => void; onConfirm: () => Promise<void> }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="cancel-title" aria-describedby="cancel-text">
      <DialogTitle id="cancel-title">{translate('ticket.cancel')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-text">{translate('ticket.cancel_confirm', { label })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ticket.cancel_keep')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={busy}
          data-testid="cancel-confirm"
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          {translate('ticket.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /t/{uid}: the customer's ticket, live — place, wait, the call, cancel, running late, then feedback. */
export function TicketPage() {
  const { uid = '' } = useParams();
  const translate = useTranslate();
  const locale = useLocale();
  const ticket = usePublicTicket(uid);
  const [dialog, setDialog] = useState<'cancel' | 'late' | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const t = ticket.data;
  const stage = t ? stageOf(t) : null;
  const [notifying, setNotifying] = useState(false);
  // A page in a background tab tells the call itself, through the worker (push may not reach this browser).
  useTurnAlert(stage, () => {
    if (!t || !notifying || document.visibilityState !== 'hidden') return;
    // A refused notification leaves the page's own banner, sound and vibration.
    void showCalled(uid, {
      title: translate('ticket.push.called_title', { label: t.label }),
      body: t.counter_name ? translate('ticket.called', { counter: t.counter_name }) : translate('ticket.called_no_counter'),
      key: `${uid}-${t.called_at ?? ''}`,
    }).catch(() => undefined);
  });

  useEffect(() => {
    if (!t) return;
    const base = `${t.label} · ${translate('ticket.title')}`;
    document.title = stage === 'called' ? `(!) ${base}` : base;
  }, [t, stage, translate]);

  if (ticket.invalid) return <InvalidTicket />;
  if (!t) {
    return (
      <TicketShell title={translate('ticket.title')}>
        {ticket.isError ? (
          <Alert severity="error" action={<Button onClick={() => ticket.refetch()}>{translate('ticket.retry')}</Button>}>
            {translate('ticket.error')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={translate('app.loading')} />
          </Box>
        )}
      </TicketShell>
    );
  }

  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      setNotice({ severity: 'success', text: translate(done) });
      setDialog(null);
    } catch (e) {
      const reason = e instanceof HttpError ? (e.body.message ?? e.message) : String(e);
      setNotice({ severity: 'error', text: translate('ticket.failed', { reason }) });
    }
    await ticket.refetch();
  };
  const wait = minutes(t.estimated_wait_seconds);
  const waiting = stage === 'waiting' || stage === 'near';
  const allowed = allowedOn(t);
  const feedback = feedbackState(t);

  return (
    <TicketShell title={translate('ticket.title')} business={t.business?.name}>
      <Box sx={{ textAlign: 'center', my: 2 }}>
        <Typography color="text.secondary">{translate('ticket.number_label')}</Typography>
        <Typography sx={{ fontSize: '4rem', fontWeight: 800, lineHeight: 1.1 }} data-testid="ticket-label">
          {t.label}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap', mt: 1 }}>
          <Chip size="small" variant="outlined" data-testid="ticket-live" data-state={ticket.live} label={translate(`queues.live.${ticket.live}`)} />
          {t.late && waiting && <Chip size="small" label={translate('ticket.late_badge')} />}
        </Box>
      </Box>

      {/* What changes while the customer waits is read out by screen readers as it changes. */}
      <Box aria-live="polite" aria-atomic="true" data-testid="ticket-status">
        {stage === 'called' && (
          <Alert severity="success" variant="filled" role="alert" sx={{ fontSize: '1.4rem', mb: 2 }} data-testid="ticket-called">
            {t.counter_name ? translate('ticket.called', { counter: t.counter_name }) : translate('ticket.called_no_counter')}
          </Alert>
        )}
        {stage === 'near' && (
          <Alert severity="warning" sx={{ fontSize: '1.2rem', mb: 2 }} data-testid="ticket-near">
            {translate('ticket.near')}
          </Alert>
        )}
        {stage === 'on_hold' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('ticket.on_hold')}
          </Alert>
        )}
        {stage === 'ended' && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="ticket-ended">
            {translate('ticket.ended')}
          </Alert>
        )}
        {stage === 'cancelled' && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="ticket-cancelled">
            {translate('ticket.cancelled')}
          </Alert>
        )}
        {stage === 'closed' && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('ticket.closed')}
          </Alert>
        )}
        {waiting && t.queue.paused && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('ticket.paused')}
          </Alert>
        )}
        {waiting && t.queue.delay_seconds > 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('ticket.delay', { count: minutes(t.queue.delay_seconds) ?? 0 })}
          </Alert>
        )}

        <Box component="dl" sx={{ m: 0 }}>
          <Fact label={translate('ticket.queue')} value={queueName(t.queue, locale)} testId="ticket-queue" />
          {waiting && (
            <>
              <Fact label={translate('ticket.position')} value={String(t.rank ?? '—')} testId="ticket-position" />
              <Fact label={translate('ticket.ahead')} value={t.ahead === 0 ? translate('ticket.ahead_none') : String(t.ahead ?? '—')} testId="ticket-ahead" />
              <Fact
                label={translate('ticket.estimate')}
                value={wait === null ? translate('ticket.unknown') : translate('ticket.minutes', { count: wait })}
                testId="ticket-estimate"
              />
            </>
          )}
          {stage === 'called' && t.counter_name && <Fact label={translate('ticket.counter')} value={t.counter_name} testId="ticket-counter" />}
        </Box>
      </Box>

      {notice && (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'error' ? 'alert' : 'status'}
          sx={{ mt: 2 }}
          onClose={() => setNotice(null)}
          data-testid="ticket-notice"
        >
          {notice.text}
        </Alert>
      )}

      {(waiting || stage === 'on_hold') && (allowed.running_late || allowed.cancel) && (
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
          {waiting && allowed.running_late && (
            <Button variant="outlined" size="large" onClick={() => setDialog('late')} data-testid="ticket-late">
              {translate('ticket.late')}
            </Button>
          )}
          {allowed.cancel && (
            <Button variant="outlined" color="error" size="large" onClick={() => setDialog('cancel')} data-testid="ticket-cancel">
              {translate('ticket.cancel')}
            </Button>
          )}
        </Box>
      )}

      {(waiting || stage === 'on_hold' || stage === 'called') && <NotifyMe uid={uid} onChange={setNotifying} />}

      {stage === 'ended' && (feedback === 'given' || allowed.feedback) && (
        <Box sx={{ mt: 3 }}>{feedback === 'given' ? <FeedbackThanks /> : <FeedbackForm uid={uid} onSent={() => void ticket.refetch()} />}</Box>
      )}

      {dialog === 'cancel' && (
        <CancelDialog
          label={t.label}
          onClose={() => setDialog(null)}
          onConfirm={() => act(() => api(`${ticketPath(uid)}/cancel`, { method: 'DELETE', anonymous: true }), 'ticket.cancelled_done')}
        />
      )}
      {dialog === 'late' && (
        <LateDialog
          onClose={() => setDialog(null)}
          onSubmit={(places) => act(() => api(`${ticketPath(uid)}/late`, { method: 'POST', body: { places }, anonymous: true }), 'ticket.late_done')}
        />
      )}
      <Box sx={visuallyHidden} aria-live="assertive">
        {stage === 'called' ? (t.counter_name ? translate('ticket.called', { counter: t.counter_name }) : translate('ticket.called_no_counter')) : ''}
      </Box>
    </TicketShell>
  );
}

/** /f/{uid}: the feedback form alone, once per ticket; the thanks when it was already given. */
export function FeedbackPage() {
  const { uid = '' } = useParams();
  const translate = useTranslate();
  const ticket = usePublicTicket(uid);
  if (ticket.invalid) return <InvalidTicket />;
  const t = ticket.data;
  if (!t) {
    return (
      <TicketShell title={translate('ticket.feedback.title')}>
        {ticket.isError ? (
          <Alert severity="error">{translate('ticket.error')}</Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={translate('app.loading')} />
          </Box>
        )}
      </TicketShell>
    );
  }
  const state = feedbackState(t);
  return (
    <TicketShell title={translate('ticket.feedback.page_title', { label: t.label })} business={t.business?.name}>
      {state === 'given' && <FeedbackThanks />}
      {state === 'open' && allowedOn(t).feedback && <FeedbackForm uid={uid} onSent={() => void ticket.refetch()} />}
      {state === 'open' && !allowedOn(t).feedback && (
        <Alert severity="info" data-testid="feedback-off">
          {translate('ticket.feedback.off')}
        </Alert>
      )}
      {state === 'not_yet' && (
        <Alert severity="info" data-testid="feedback-not-yet">
          {translate('ticket.feedback.not_yet')}
        </Alert>
      )}
      {state === 'closed' && <Alert severity="info">{translate('ticket.feedback.closed')}</Alert>}
    </TicketShell>
  );
}
