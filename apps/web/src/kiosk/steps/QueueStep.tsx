import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { localName, pageOf, type KioskQueue } from '../model';
import { BigChoice, Busy, PAGE_SIZE, Pager, StepError, StepNav, StepTitle, type StepProps } from './parts';

/** The kiosk's queues with their waiting counts; a known customer is greeted by name. */
export function QueueStep({
  kiosk,
  flow,
  dispatch,
  busy,
  locale,
  reset,
  queues,
  onChoose,
}: StepProps & { queues: KioskQueue[]; onChoose: (q: KioskQueue) => void }) {
  const translate = useTranslate();
  const shown = pageOf(queues, flow.page, PAGE_SIZE, kiosk.allow_pagination);
  return (
    <>
      {flow.customer?.first_name && (
        <Typography variant="h5" component="p" sx={{ mb: 1 }} role="status" data-testid="kiosk-welcome">
          {translate('kiosk.queue.welcome', { name: flow.customer.first_name })}
        </Typography>
      )}
      <StepTitle text={translate('kiosk.queue.title')} />
      <StepError error={flow.error} />
      {queues.length === 0 ? (
        <Alert severity="info">{translate('kiosk.queue.none')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, width: '100%', maxWidth: 760 }}>
          {shown.items.map((q) => (
            <BigChoice key={q.id} onClick={() => onChoose(q)} testId={`kiosk-queue-${q.name}`}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', width: '100%', gap: 2 }}>
                <bdi>{localName(q, locale)}</bdi>
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  {q.paused && <Chip label={translate('queues.paused')} color="warning" />}
                  <Typography component="span" sx={{ fontSize: '1.1rem' }}>
                    {translate('kiosk.queue.waiting', { count: q.waiting })}
                  </Typography>
                </Box>
              </Box>
            </BigChoice>
          ))}
        </Box>
      )}
      <Pager page={flow.page} pages={shown.pages} dispatch={dispatch} />
      <Busy busy={busy} />
      <StepNav back="identify" dispatch={dispatch} reset={reset} />
    </>
  );
}
