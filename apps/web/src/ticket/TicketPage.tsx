import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { HttpError } from '../data/http';
import { visuallyHidden } from '../components/a11y';
import { CancelDialog } from './CancelDialog';
import { FeedbackForm, FeedbackThanks } from './FeedbackForm';
import { InvalidTicket } from './InvalidTicket';
import { LateDialog } from './LateDialog';
import { allowedOn, feedbackState, stageOf } from './model';
import { NotifyMe } from './NotifyMe';
import { showCalled } from './push';
import { TicketShell } from './TicketShell';
import { TicketStatus } from './TicketStatus';
import { cancelTicket, runningLate } from '../data/publicTicket';
import { usePublicTicket } from './usePublicTicket';
import { useTurnAlert } from './useTurnAlert';

// The routes load both pages from this module (App.tsx).
export { FeedbackPage } from './FeedbackPage';

/** /t/{uid}: the customer's ticket, live — place, wait, the call, cancel, running late, then feedback. */
export function TicketPage() {
  const { uid = '' } = useParams();
  const translate = useTranslate();
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

      <TicketStatus t={t} stage={stage} />

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
        <CancelDialog label={t.label} onClose={() => setDialog(null)} onConfirm={() => act(() => cancelTicket(uid), 'ticket.cancelled_done')} />
      )}
      {dialog === 'late' && <LateDialog onClose={() => setDialog(null)} onSubmit={(places) => act(() => runningLate(uid, places), 'ticket.late_done')} />}
      <Box sx={visuallyHidden} aria-live="assertive">
        {stage === 'called' ? (t.counter_name ? translate('ticket.called', { counter: t.counter_name }) : translate('ticket.called_no_counter')) : ''}
      </Box>
    </TicketShell>
  );
}
