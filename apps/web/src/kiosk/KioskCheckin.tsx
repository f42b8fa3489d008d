import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { DeviceCommand, useDeviceChannel } from '../live/deviceChannel';
import { runDeviceCommand } from '../live/remoteCommands';
import { readStyle } from '../auth/deviceSession';
import { visuallyHidden } from '../components/a11y';
import { kioskLogin, kioskLogout, kioskSession, refreshKiosk, sessionEnded } from '../data/kiosk';
import { checkinActions } from './checkinActions';
import { flowReducer, initialFlow } from './flow';
import { KioskFrame } from './KioskFrame';
import { Hibernation } from './Hibernation';
import { KioskState, startLanguage, styleOf } from './model';
import { useCheckinTimers } from './useCheckinTimers';
import { IdentifyStep } from './steps/IdentifyStep';
import { LanguageStep } from './steps/LanguageStep';
import { MemberStep } from './steps/MemberStep';
import { QueueStep } from './steps/QueueStep';
import { RegisterStep } from './steps/RegisterStep';
import { ServicesStep } from './steps/ServicesStep';
import { StepHeading, type StepProps } from './steps/parts';
import { TicketStep } from './steps/TicketStep';

/** /kiosk/checkin: language, who the customer is, queue and services, then the ticket. */
export function KioskCheckinPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale, setLocale] = useLocaleState();
  const session = kioskSession();
  const state = useQuery({ queryKey: ['kiosk-state', session?.token], queryFn: refreshKiosk, enabled: !!session, retry: (n, e) => !sessionEnded(e) && n < 3 });
  const [flow, dispatch] = useReducer(flowReducer, initialFlow);
  const [busy, setBusy] = useState(false);
  const [override, setOverride] = useState(readStyle('kiosk'));
  const heading = useRef<HTMLHeadingElement>(null);
  const languageSet = useRef(false);
  // The next customer starts in the kiosk's language, not in the one the last customer chose.
  const firstLocale = useRef(locale);

  const data: KioskState | undefined = state.data;
  const kiosk = data?.kiosk;
  const { step } = flow;

  const toLogin = useCallback(async () => {
    await kioskLogout();
    navigate('/kiosk/login', { replace: true });
  }, [navigate]);

  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    if (kiosk) setLocale(startLanguage(kiosk, firstLocale.current));
  }, [kiosk, setLocale]);

  // The kiosk's own language is the first one offered.
  useEffect(() => {
    if (kiosk && !languageSet.current) {
      languageSet.current = true;
      if (kiosk.predefined_language && kiosk.predefined_language !== locale) setLocale(kiosk.predefined_language);
    }
  }, [kiosk, locale, setLocale]);

  useEffect(() => {
    if (state.error && sessionEnded(state.error)) void toLogin();
  }, [state.error, toLogin]);

  // Each step's heading takes the focus, so a screen reader starts reading the new step.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  const onCommand = useCallback((c: DeviceCommand) => runDeviceCommand(c, { kind: 'kiosk', toLogin, setStyle: setOverride, login: kioskLogin }), [toLogin]);
  const refetch = state.refetch;
  useDeviceChannel({
    token: session?.token ?? null,
    rooms: kiosk ? [{ kind: 'kiosk', id: kiosk.id }] : [],
    onChange: useCallback(() => void refetch(), [refetch]),
    onCommand,
    // Only its queues' waiting counts move what the kiosk shows.
    concerns: (n) => !!kiosk && kiosk.queue_ids.some((q) => (n as { key?: string })?.key === `queue-${q}`),
    wait: 2000,
  });

  const { hibernating, wake } = useCheckinTimers(kiosk, step, reset);

  if (!session) return <Navigate to="/kiosk/login" replace />;
  const style = kiosk ? styleOf(kiosk, override) : 1;
  const business = data?.business.name ?? session.business.name;

  if (!data || !kiosk) {
    return (
      <KioskFrame kiosk={null} business={business} style={1}>
        {state.isError && !sessionEnded(state.error) ? (
          <Alert severity="error" action={<Button onClick={() => void state.refetch()}>{translate('ticket.retry')}</Button>}>
            {translate('kiosk.errors.load')}
          </Alert>
        ) : (
          <CircularProgress aria-label={translate('app.loading')} sx={{ mt: 8 }} />
        )}
      </KioskFrame>
    );
  }

  const { join, servicesChosen, chooseQueue, search, register } = checkinActions({
    kiosk,
    flow,
    dispatch,
    locale,
    translate,
    setBusy,
    toLogin,
    refetch: state.refetch,
  });

  const props: StepProps = { kiosk, flow, dispatch, busy, locale, reset };
  const { queue, ticket } = flow;
  let body: React.ReactNode;
  if (step === 'language')
    body = (
      <LanguageStep
        locale={locale}
        onChoose={(l) => {
          setLocale(l);
          dispatch({ type: 'go', step: 'identify' });
        }}
      />
    );
  else if (step === 'identify') body = <IdentifyStep {...props} onSearch={search} />;
  else if (step === 'register') body = <RegisterStep {...props} onRegister={register} />;
  else if (step === 'queue') body = <QueueStep {...props} queues={data.queues} onChoose={chooseQueue} />;
  else if (step === 'services' && queue) body = <ServicesStep {...props} queue={queue} onChosen={(ids) => servicesChosen(queue, ids)} />;
  else if (step === 'member' && queue) body = <MemberStep {...props} queue={queue} onJoin={(memberId) => void join(queue, flow.services, memberId)} />;
  else if (step === 'ticket' && ticket) body = <TicketStep kiosk={kiosk} ticket={ticket} business={business} zone={data?.business.time_zone} reset={reset} />;

  return (
    <KioskFrame kiosk={kiosk} business={business} style={style} footer={<Typography>{translate('kiosk.footer', { name: kiosk.name })}</Typography>}>
      <Box sx={visuallyHidden} aria-live="polite">
        {busy ? translate('app.loading') : ''}
      </Box>
      <StepHeading.Provider value={heading}>{body}</StepHeading.Provider>
      {hibernating && <Hibernation image={kiosk.placeholder_image} onWake={wake} />}
    </KioskFrame>
  );
}
