import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { FeedbackForm, FeedbackThanks } from './FeedbackForm';
import { InvalidTicket } from './InvalidTicket';
import { allowedOn, feedbackState } from './model';
import { TicketShell } from './TicketShell';
import { usePublicTicket } from './usePublicTicket';

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
