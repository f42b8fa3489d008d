import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { memberChoices, pageOf, type KioskQueue } from '../model';
import { BigChoice, Busy, PAGE_SIZE, Pager, StepError, StepNav, StepTitle, type StepProps } from './parts';

/** The team member to ask for, or anyone, where the queue lets customers choose. */
export function MemberStep({
  kiosk,
  flow,
  dispatch,
  busy,
  reset,
  queue,
  onJoin,
}: StepProps & { queue: KioskQueue; onJoin: (memberId: string | null) => void }) {
  const translate = useTranslate();
  const shown = pageOf(memberChoices(queue), flow.page, PAGE_SIZE, kiosk.allow_pagination);
  return (
    <>
      <StepTitle text={translate('kiosk.member.title')} />
      <StepError error={flow.error} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: shown.items.length > 1 ? '1fr 1fr' : 'minmax(0, 372px)' },
          justifyContent: 'center',
          width: '100%',
          maxWidth: 760,
        }}
        role="group"
        aria-label={translate('kiosk.member.title')}
      >
        {shown.items.map((m) => (
          <BigChoice key={m.id} testId={`kiosk-member-${m.name}`} onClick={() => onJoin(m.id)}>
            {/* A Latin name keeps its own direction on an Arabic screen ("Sami H.", not ".Sami H"). */}
            <bdi>{m.name}</bdi>
          </BigChoice>
        ))}
      </Box>
      <Pager page={flow.page} pages={shown.pages} dispatch={dispatch} />
      <Button variant="outlined" size="large" sx={{ mt: 3, minWidth: 320 }} disabled={busy} onClick={() => onJoin(null)} data-testid="kiosk-member-anyone">
        {translate('kiosk.member.anyone')}
      </Button>
      <Busy busy={busy} />
      <StepNav back={queue.services.length ? 'services' : 'queue'} dispatch={dispatch} reset={reset} />
    </>
  );
}
