/** The pieces every check-in step is made of: its heading, its big choices, its error, pager and way back. */
import { createContext, useContext, type Dispatch, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeIcon from '@mui/icons-material/Home';
import { useTranslate } from 'react-admin';
import type { FlowAction, FlowState, Step } from '../flow';
import type { KioskSettings } from '../model';

/** What every step is given. */
export interface StepProps {
  kiosk: KioskSettings;
  flow: FlowState;
  dispatch: Dispatch<FlowAction>;
  busy: boolean;
  locale: string;
  /** Back to the language step, for the next customer. */
  reset: () => void;
}

export const PAGE_SIZE = 6;

/** The page moves the focus to the step's heading when the step changes; the heading lends it its element. */
export const StepHeading = createContext<RefObject<HTMLHeadingElement | null> | null>(null);

export function StepTitle({ text }: { text: string }) {
  const heading = useContext(StepHeading);
  return (
    <Typography
      variant="h3"
      component="h1"
      tabIndex={-1}
      ref={heading}
      sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, fontWeight: 700, mb: 3, textAlign: 'center', outline: 'none' }}
      data-testid="kiosk-step-title"
    >
      {text}
    </Typography>
  );
}

export function BigChoice({
  children,
  onClick,
  pressed,
  testId,
  lang,
}: {
  children: ReactNode;
  onClick: () => void;
  pressed?: boolean;
  testId?: string;
  lang?: string;
}) {
  return (
    <Button
      variant={pressed ? 'contained' : 'outlined'}
      onClick={onClick}
      aria-pressed={pressed === undefined ? undefined : pressed}
      data-testid={testId}
      lang={lang}
      sx={{
        minHeight: 96,
        fontSize: '1.5rem',
        justifyContent: 'flex-start',
        textAlign: 'start',
        px: 3,
        bgcolor: pressed ? undefined : 'var(--kiosk-v2-services, #ffffff)',
        borderWidth: 2,
        '&:hover': { borderWidth: 2 },
      }}
      fullWidth
    >
      {children}
    </Button>
  );
}

export function StepError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 3, fontSize: '1.2rem', width: '100%', maxWidth: 760 }} data-testid="kiosk-error">
      {error}
    </Alert>
  );
}

/** Back one step (when there is one) and home to the start. */
export function StepNav({ back, dispatch, reset }: { back?: Step; dispatch: Dispatch<FlowAction>; reset: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 4, justifyContent: 'center', flexWrap: 'wrap' }}>
      {back && (
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
          onClick={() => dispatch({ type: 'go', step: back })}
          data-testid="kiosk-back"
          sx={{ bgcolor: '#ffffff' }}
        >
          {translate('kiosk.back')}
        </Button>
      )}
      <Button variant="outlined" startIcon={<HomeIcon />} onClick={reset} data-testid="kiosk-home" sx={{ bgcolor: '#ffffff' }}>
        {translate('kiosk.start_over')}
      </Button>
    </Box>
  );
}

/** Previous and next page of a choice list, shown only when there is more than one page. */
export function Pager({ page, pages, dispatch }: { page: number; pages: number; dispatch: Dispatch<FlowAction> }) {
  const translate = useTranslate();
  if (pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', mt: 2 }}>
      <Button variant="outlined" disabled={page === 0} onClick={() => dispatch({ type: 'page', by: -1 })} sx={{ bgcolor: '#ffffff' }}>
        {translate('kiosk.previous')}
      </Button>
      <Typography>{translate('kiosk.page', { page: page + 1, pages })}</Typography>
      <Button variant="outlined" disabled={page >= pages - 1} onClick={() => dispatch({ type: 'page', by: 1 })} sx={{ bgcolor: '#ffffff' }}>
        {translate('kiosk.next')}
      </Button>
    </Box>
  );
}

export function Busy({ busy }: { busy: boolean }) {
  const translate = useTranslate();
  return busy ? <CircularProgress sx={{ mt: 2 }} aria-label={translate('app.loading')} /> : null;
}
