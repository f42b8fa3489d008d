import { FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeIcon from '@mui/icons-material/Home';
import PrintIcon from '@mui/icons-material/Print';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { LANGUAGES, NATIVE_NAMES } from '../i18n/languages';
import { DeviceCommand, useDeviceChannel } from '../devices/deviceChannel';
import { readAutologin, readStyle, saveStyle } from '../devices/deviceSession';
import { visuallyHidden } from '../devices/a11y';
import { createCustomer, joinQueue, kioskErrorKey, kioskLogin, kioskLogout, kioskSession, refreshKiosk, searchCustomer, sessionEnded } from './api';
import { KioskFrame } from './KioskFrame';
import { guestAllowed, KioskQueue, KioskState, KioskTicket, localName, memberChoices, pageOf, registrationFields, startLanguage, styleOf, timer, toggleService } from './model';
import { TicketReceipt } from './TicketReceipt';
import { VirtualKeyboard } from './VirtualKeyboard';

type Step = 'language' | 'identify' | 'register' | 'queue' | 'services' | 'member' | 'ticket';
type Customer = { id: string; first_name: string | null };
type Field = 'phone' | 'first_name' | 'last_name' | 'internal_id';
const PAGE_SIZE = 6;

/** Calls `fire` after `ms` without a touch or a key; any of them starts the wait again. */
function useIdle(ms: number | null, fire: () => void, active: boolean) {
  const latest = useRef(fire);
  latest.current = fire;
  useEffect(() => {
    if (!ms || !active) return;
    let timerId = setTimeout(() => latest.current(), ms);
    const again = () => {
      clearTimeout(timerId);
      timerId = setTimeout(() => latest.current(), ms);
    };
    const events = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
    events.forEach((e) => window.addEventListener(e, again, { passive: true }));
    return () => {
      clearTimeout(timerId);
      events.forEach((e) => window.removeEventListener(e, again));
    };
  }, [ms, active]);
}

function BigChoice({ children, onClick, pressed, testId, lang }: { children: React.ReactNode; onClick: () => void; pressed?: boolean; testId?: string; lang?: string }) {
  return (
    <Button
      variant={pressed ? 'contained' : 'outlined'}
      onClick={onClick}
      aria-pressed={pressed === undefined ? undefined : pressed}
      data-testid={testId}
      lang={lang}
      sx={{ minHeight: 96, fontSize: '1.5rem', justifyContent: 'flex-start', textAlign: 'start', px: 3, bgcolor: pressed ? undefined : 'var(--kiosk-v2-services, #ffffff)', borderWidth: 2, '&:hover': { borderWidth: 2 } }}
      fullWidth
    >
      {children}
    </Button>
  );
}

/** /kiosk/checkin: language, who the customer is, queue and services, then the ticket. */
export function KioskCheckinPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale, setLocale] = useLocaleState();
  const session = kioskSession();
  const state = useQuery({ queryKey: ['kiosk-state', session?.token], queryFn: refreshKiosk, enabled: !!session, retry: (n, e) => !sessionEnded(e) && n < 3 });
  const [step, setStep] = useState<Step>('language');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [phone, setPhone] = useState('');
  const [details, setDetails] = useState({ first_name: '', last_name: '', internal_id: '' });
  const [field, setField] = useState<Field>('phone');
  const [queue, setQueue] = useState<KioskQueue | null>(null);
  const [services, setServices] = useState<string[]>([]);
  const [ticket, setTicket] = useState<KioskTicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(0);
  const [override, setOverride] = useState(readStyle('kiosk'));
  const [hibernating, setHibernating] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const languageSet = useRef(false);
  // The next customer starts in the kiosk's language, not in the one the last customer chose.
  const firstLocale = useRef(locale);

  const data: KioskState | undefined = state.data;
  const kiosk = data?.kiosk;

  const toLogin = useCallback(async () => {
    await kioskLogout();
    navigate('/kiosk/login', { replace: true });
  }, [navigate]);

  const reset = useCallback(() => {
    setStep('language');
    setCustomer(null);
    setPhone('');
    setDetails({ first_name: '', last_name: '', internal_id: '' });
    setField('phone');
    setQueue(null);
    setServices([]);
    setTicket(null);
    setError(null);
    setPage(0);
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

  const onCommand = useCallback(
    async (c: DeviceCommand) => {
      if (c.type === 'refresh') window.location.reload();
      else if (c.type === 'logout') await toLogin();
      else if (c.type === 'v1' || c.type === 'v2') {
        const v = c.type === 'v2' ? 2 : 1;
        saveStyle('kiosk', v);
        setOverride(v);
      } else if (c.type === 'autologin') {
        const token = readAutologin('kiosk');
        if (!token) return;
        try {
          await kioskLogin({ token });
          window.location.reload();
        } catch {
          await toLogin();
        }
      }
    },
    [toLogin],
  );
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

  useIdle(timer(kiosk?.idle_timeout_ms), reset, step !== 'language');
  useIdle(timer(kiosk?.anonymous_hibernate_ms), () => setHibernating(true), step === 'language' && !hibernating);

  // The ticket: printed after a moment when the kiosk prints, then back to the start.
  useEffect(() => {
    if (step !== 'ticket' || !kiosk) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const afterPrint = () => {
      const back = timer(kiosk.print_timeout_ms);
      if (back) timers.push(setTimeout(reset, back));
    };
    window.addEventListener('afterprint', afterPrint);
    const autoPrint = timer(kiosk.auto_print_ms);
    if (kiosk.print_ticket && autoPrint) timers.push(setTimeout(() => window.print(), autoPrint));
    const navigateBack = timer(kiosk.auto_navigate_ms);
    if (navigateBack) timers.push(setTimeout(reset, navigateBack));
    return () => {
      window.removeEventListener('afterprint', afterPrint);
      timers.forEach(clearTimeout);
    };
  }, [step, kiosk, reset]);

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

  const run = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await call();
    } catch (e) {
      if (sessionEnded(e)) {
        await toLogin();
        return undefined;
      }
      const key = kioskErrorKey(e);
      setError(translate(key, { _: key }));
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const go = (next: Step) => {
    setError(null);
    setPage(0);
    setStep(next);
  };
  const join = async (q: KioskQueue, serviceIds: string[], memberId: string | null = null) => {
    const t = await run(() => joinQueue({ queue_id: q.id, service_ids: serviceIds.length ? serviceIds : undefined, member_id: memberId, customer_id: customer?.id ?? null, language: locale }));
    if (t) {
      setTicket(t);
      go('ticket');
      void state.refetch();
    }
  };
  /** After the services: the team member to ask for, where the queue lets customers choose one. */
  const servicesChosen = (q: KioskQueue, serviceIds: string[]) => {
    if (!memberChoices(q).length) return void join(q, serviceIds);
    setServices(serviceIds);
    go('member');
  };
  const chooseQueue = (q: KioskQueue) => {
    setQueue(q);
    setServices([]);
    if (q.services.length) go('services');
    else servicesChosen(q, []);
  };
  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!phone.trim()) return setError(translate('kiosk.identify.phone_required'));
    const found = await run(() => searchCustomer(phone.trim()));
    if (!found) return;
    if (found.customer) {
      setCustomer(found.customer);
      go('queue');
    } else {
      setField('first_name');
      go('register');
    }
  };
  const register = async (e?: FormEvent) => {
    e?.preventDefault();
    const missing = registrationFields(kiosk).find((f) => f.required && !details[f.field].trim());
    if (missing) return setError(translate('kiosk.register.required', { field: translate(`kiosk.register.${missing.field}`) }));
    const body: Record<string, string | undefined> = { phone: phone.trim(), preferred_language: locale };
    for (const f of registrationFields(kiosk)) if (details[f.field].trim()) body[f.field] = details[f.field].trim();
    const created = await run(() => createCustomer(body));
    if (created) {
      setCustomer(created.customer);
      go('queue');
    }
  };

  const typing = (k: string) => {
    if (field === 'phone') setPhone((p) => (p + k).slice(0, 30));
    else setDetails((d) => ({ ...d, [field]: (d[field] + k).slice(0, field === 'internal_id' ? 50 : 100) }));
  };
  const erase = () => {
    if (field === 'phone') setPhone((p) => p.slice(0, -1));
    else setDetails((d) => ({ ...d, [field]: d[field].slice(0, -1) }));
  };
  const inputMode = kiosk.virtual_keyboard ? ('none' as const) : undefined;
  const pseudo = translate(`kiosk.pseudos.${kiosk.guest_pseudo}`);

  const title = (key: string, args?: Record<string, unknown>) => (
    <Typography variant="h3" component="h1" tabIndex={-1} ref={heading} sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, fontWeight: 700, mb: 3, textAlign: 'center', outline: 'none' }} data-testid="kiosk-step-title">
      {translate(key, args)}
    </Typography>
  );
  const nav = (back?: Step) => (
    <Box sx={{ display: 'flex', gap: 2, mt: 4, justifyContent: 'center', flexWrap: 'wrap' }}>
      {back && (
        <Button variant="outlined" startIcon={<ArrowBackIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />} onClick={() => go(back)} data-testid="kiosk-back" sx={{ bgcolor: '#ffffff' }}>
          {translate('kiosk.back')}
        </Button>
      )}
      <Button variant="outlined" startIcon={<HomeIcon />} onClick={reset} data-testid="kiosk-home" sx={{ bgcolor: '#ffffff' }}>
        {translate('kiosk.start_over')}
      </Button>
    </Box>
  );
  const errorBox = error && (
    <Alert severity="error" role="alert" sx={{ mb: 3, fontSize: '1.2rem', width: '100%', maxWidth: 760 }} data-testid="kiosk-error">
      {error}
    </Alert>
  );
  const pager = (pages: number) =>
    pages > 1 && (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', mt: 2 }}>
        <Button variant="outlined" disabled={page === 0} onClick={() => setPage((p) => p - 1)} sx={{ bgcolor: '#ffffff' }}>
          {translate('kiosk.previous')}
        </Button>
        <Typography>{translate('kiosk.page', { page: page + 1, pages })}</Typography>
        <Button variant="outlined" disabled={page >= pages - 1} onClick={() => setPage((p) => p + 1)} sx={{ bgcolor: '#ffffff' }}>
          {translate('kiosk.next')}
        </Button>
      </Box>
    );

  let body: React.ReactNode;
  if (step === 'language') {
    body = (
      <>
        {title('kiosk.language.title')}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%', maxWidth: 760 }}>
          {LANGUAGES.map((l) => (
            <BigChoice
              key={l}
              lang={l}
              pressed={l === locale}
              testId={`kiosk-language-${l}`}
              onClick={() => {
                setLocale(l);
                go('identify');
              }}
            >
              {NATIVE_NAMES[l]}
            </BigChoice>
          ))}
        </Box>
      </>
    );
  } else if (step === 'identify') {
    body = (
      <>
        {title('kiosk.identify.title')}
        {errorBox}
        <Box component="form" onSubmit={search} noValidate sx={{ display: 'grid', gap: 2, width: '100%', maxWidth: 560 }}>
          <TextField
            label={translate('kiosk.identify.phone')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            onFocus={() => setField('phone')}
            autoFocus={kiosk.barcode_mode}
            helperText={kiosk.barcode_mode ? translate('kiosk.identify.scan') : undefined}
            slotProps={{ htmlInput: { inputMode: inputMode ?? 'tel', autoComplete: 'off', 'data-testid': 'kiosk-phone', style: { fontSize: '2rem' } } }}
            sx={{ bgcolor: '#ffffff' }}
          />
          {kiosk.virtual_keyboard && <VirtualKeyboard layout="digits" lang={locale} onKey={typing} onBackspace={erase} label={translate('kiosk.keyboard.label')} />}
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="kiosk-search">
            {translate('kiosk.identify.search')}
          </Button>
          {guestAllowed(kiosk) && (
            <Button
              variant="outlined"
              size="large"
              onClick={() => {
                setCustomer(null);
                go('queue');
              }}
              data-testid="kiosk-guest"
              sx={{ bgcolor: '#ffffff' }}
            >
              {translate('kiosk.identify.guest', { pseudo })}
            </Button>
          )}
        </Box>
        {nav('language')}
      </>
    );
  } else if (step === 'register') {
    const fields = registrationFields(kiosk);
    body = (
      <>
        {title('kiosk.register.title', { pseudo })}
        <Typography sx={{ mb: 2 }}>{translate('kiosk.register.intro', { phone })}</Typography>
        {errorBox}
        <Box component="form" onSubmit={register} noValidate sx={{ display: 'grid', gap: 2, width: '100%', maxWidth: 760 }}>
          {fields.map((f) => (
            <TextField
              key={f.field}
              label={translate(`kiosk.register.${f.field}`)}
              required={f.required}
              value={details[f.field]}
              onChange={(e) => setDetails((d) => ({ ...d, [f.field]: e.target.value }))}
              onFocus={() => setField(f.field)}
              autoFocus={f.field === 'first_name'}
              slotProps={{ htmlInput: { inputMode, autoComplete: 'off', 'data-testid': `kiosk-${f.field}`, style: { fontSize: '1.6rem' } } }}
              sx={{ bgcolor: '#ffffff' }}
            />
          ))}
          {kiosk.virtual_keyboard && <VirtualKeyboard layout={field === 'internal_id' ? 'digits' : 'letters'} lang={locale} onKey={typing} onBackspace={erase} label={translate('kiosk.keyboard.label')} />}
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="kiosk-register">
            {translate('kiosk.register.submit')}
          </Button>
          {guestAllowed(kiosk) && (
            <Button variant="outlined" size="large" onClick={() => go('queue')} sx={{ bgcolor: '#ffffff' }}>
              {translate('kiosk.identify.guest', { pseudo })}
            </Button>
          )}
        </Box>
        {nav('identify')}
      </>
    );
  } else if (step === 'queue') {
    const shown = pageOf(data.queues, page, PAGE_SIZE, kiosk.allow_pagination);
    body = (
      <>
        {customer?.first_name && (
          <Typography variant="h5" component="p" sx={{ mb: 1 }} role="status" data-testid="kiosk-welcome">
            {translate('kiosk.queue.welcome', { name: customer.first_name })}
          </Typography>
        )}
        {title('kiosk.queue.title')}
        {errorBox}
        {data.queues.length === 0 ? (
          <Alert severity="info">{translate('kiosk.queue.none')}</Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, width: '100%', maxWidth: 760 }}>
            {shown.items.map((q) => (
              <BigChoice key={q.id} onClick={() => chooseQueue(q)} testId={`kiosk-queue-${q.name}`}>
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
        {pager(shown.pages)}
        {busy && <CircularProgress sx={{ mt: 2 }} aria-label={translate('app.loading')} />}
        {nav('identify')}
      </>
    );
  } else if (step === 'services' && queue) {
    const shown = pageOf(queue.services, page, PAGE_SIZE, kiosk.allow_pagination);
    const multiple = kiosk.allow_multiple_services;
    body = (
      <>
        {title(multiple ? 'kiosk.services.title_many' : 'kiosk.services.title')}
        {errorBox}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, width: '100%', maxWidth: 760 }} role="group" aria-label={translate('kiosk.services.title')}>
          {shown.items.map((s) => (
            <BigChoice
              key={s.id}
              pressed={services.includes(s.id)}
              testId={`kiosk-service-${s.name}`}
              onClick={() => {
                if (multiple) setServices((c) => toggleService(c, s.id, true));
                else servicesChosen(queue, [s.id]);
              }}
            >
              <bdi>{localName(s, locale)}</bdi>
            </BigChoice>
          ))}
        </Box>
        {pager(shown.pages)}
        {multiple && (
          <Button variant="contained" size="large" sx={{ mt: 3, minWidth: 320 }} disabled={busy || !services.length} onClick={() => servicesChosen(queue, services)} data-testid="kiosk-take-ticket">
            {translate('kiosk.services.take')}
          </Button>
        )}
        {busy && <CircularProgress sx={{ mt: 2 }} aria-label={translate('app.loading')} />}
        {nav('queue')}
      </>
    );
  } else if (step === 'member' && queue) {
    const shown = pageOf(memberChoices(queue), page, PAGE_SIZE, kiosk.allow_pagination);
    body = (
      <>
        {title('kiosk.member.title')}
        {errorBox}
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: shown.items.length > 1 ? '1fr 1fr' : 'minmax(0, 372px)' }, justifyContent: 'center', width: '100%', maxWidth: 760 }}
          role="group"
          aria-label={translate('kiosk.member.title')}
        >
          {shown.items.map((m) => (
            <BigChoice key={m.id} testId={`kiosk-member-${m.name}`} onClick={() => void join(queue, services, m.id)}>
              {/* A Latin name keeps its own direction on an Arabic screen ("Sami H.", not ".Sami H"). */}
              <bdi>{m.name}</bdi>
            </BigChoice>
          ))}
        </Box>
        {pager(shown.pages)}
        <Button variant="outlined" size="large" sx={{ mt: 3, minWidth: 320 }} disabled={busy} onClick={() => void join(queue, services)} data-testid="kiosk-member-anyone">
          {translate('kiosk.member.anyone')}
        </Button>
        {busy && <CircularProgress sx={{ mt: 2 }} aria-label={translate('app.loading')} />}
        {nav(queue.services.length ? 'services' : 'queue')}
      </>
    );
  } else if (step === 'ticket' && ticket) {
    body = (
      <>
        {title('kiosk.ticket.title')}
        <TicketReceipt ticket={ticket} business={business} format={kiosk.ticket_format} />
        {ticket.sms === 'sent' && (
          <Typography sx={{ mt: 2 }} role="status">
            {translate('kiosk.ticket.sms_sent')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap', justifyContent: 'center' }}>
          {kiosk.print_ticket && (
            <Button variant="contained" size="large" startIcon={<PrintIcon />} onClick={() => window.print()} data-testid="kiosk-print">
              {translate('kiosk.ticket.print')}
            </Button>
          )}
          <Button variant="outlined" size="large" onClick={reset} data-testid="kiosk-done" sx={{ bgcolor: '#ffffff' }}>
            {translate('kiosk.ticket.done')}
          </Button>
        </Box>
      </>
    );
  }

  return (
    <KioskFrame kiosk={kiosk} business={business} style={style} footer={<Typography>{translate('kiosk.footer', { name: kiosk.name })}</Typography>}>
      <Box sx={visuallyHidden} aria-live="polite">
        {busy ? translate('app.loading') : ''}
      </Box>
      {body}
      {hibernating && (
        <Box
          role="button"
          tabIndex={0}
          aria-label={translate('kiosk.wake')}
          onClick={() => setHibernating(false)}
          onKeyDown={() => setHibernating(false)}
          data-testid="kiosk-hibernate"
          sx={{
            position: 'fixed',
            inset: 0,
            zIndex: 1500,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 3,
            bgcolor: 'var(--kiosk-primary-dark)',
            color: '#ffffff',
            backgroundImage: kiosk.placeholder_image ? `url(${kiosk.placeholder_image})` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            cursor: 'pointer',
          }}
        >
          <Typography variant="h2" component="p" sx={{ textShadow: '0 2px 8px rgba(0,0,0,.6)', textAlign: 'center' }}>
            {translate('kiosk.wake')}
          </Typography>
        </Box>
      )}
    </KioskFrame>
  );
}
