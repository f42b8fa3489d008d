import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { localName, pageOf, type KioskQueue } from '../model';
import { BigChoice, Busy, PAGE_SIZE, Pager, StepError, StepNav, StepTitle, type StepProps } from './parts';

/** The queue's services: one touch takes it, or several are pressed and then confirmed where the kiosk allows. */
export function ServicesStep({
  kiosk,
  flow,
  dispatch,
  busy,
  locale,
  reset,
  queue,
  onChosen,
}: StepProps & { queue: KioskQueue; onChosen: (serviceIds: string[]) => void }) {
  const translate = useTranslate();
  const shown = pageOf(queue.services, flow.page, PAGE_SIZE, kiosk.allow_pagination);
  const multiple = kiosk.allow_multiple_services;
  return (
    <>
      <StepTitle text={translate(multiple ? 'kiosk.services.title_many' : 'kiosk.services.title')} />
      <StepError error={flow.error} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%', maxWidth: 760 }}
        role="group"
        aria-label={translate('kiosk.services.title')}
      >
        {shown.items.map((s) => (
          <BigChoice
            key={s.id}
            pressed={flow.services.includes(s.id)}
            testId={`kiosk-service-${s.name}`}
            onClick={() => {
              if (multiple) dispatch({ type: 'toggle', id: s.id });
              else onChosen([s.id]);
            }}
          >
            <bdi>{localName(s, locale)}</bdi>
          </BigChoice>
        ))}
      </Box>
      <Pager page={flow.page} pages={shown.pages} dispatch={dispatch} />
      {multiple && (
        <Button
          variant="contained"
          size="large"
          sx={{ mt: 3, minWidth: 320 }}
          disabled={busy || !flow.services.length}
          onClick={() => onChosen(flow.services)}
          data-testid="kiosk-take-ticket"
        >
          {translate('kiosk.services.take')}
        </Button>
      )}
      <Busy busy={busy} />
      <StepNav back="queue" dispatch={dispatch} reset={reset} />
    </>
  );
}
