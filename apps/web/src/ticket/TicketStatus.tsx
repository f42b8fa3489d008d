import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { minutes, queueName, type PublicTicket, type Stage } from './model';

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

/** Where the ticket stands, read out by screen readers as it changes: the call, the alerts, the queue, place and wait. */
export function TicketStatus({ t, stage }: { t: PublicTicket; stage: Stage | null }) {
  const translate = useTranslate();
  const locale = useLocale();
  const wait = minutes(t.estimated_wait_seconds);
  const waiting = stage === 'waiting' || stage === 'near';
  // What changes while the customer waits is read out by screen readers as it changes.
  return (
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
  );
}
