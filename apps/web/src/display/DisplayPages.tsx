import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { HttpError } from '../data/http';
import { isLanguage } from '../i18n/languages';
import { LanguageMenu } from '../layout/LanguageMenu';
import { useLiveRoom } from '../live/useLiveRoom';
import { DeviceCommand, useDeviceChannel } from '../live/deviceChannel';
import { runDeviceCommand } from '../live/remoteCommands';
import { DeviceLoginForm } from '../components/DeviceLoginForm';
import { clearDeviceSession, readDeviceSession, readStyle, saveAutologin, saveDeviceSession } from '../auth/deviceSession';
import { kioskErrorKey } from '../kiosk';
import { Board, BoardData } from './Board';
import { displayAuth, displayLogout as endDisplaySession, displayPing, displayScreen, queueBoard } from '../data/devices';

const PING_MS = 60_000;
const displaySession = () => readDeviceSession<{ id: string; language?: string }>('display');

async function displayLogin(body: { key: string; secret: string } | { token: string }) {
  const answer = await displayAuth(body);
  saveDeviceSession('display', { token: answer.token, device: answer.display, business: answer.business });
  if ('token' in body) saveAutologin('display', body.token);
  return answer;
}

async function displayLogout() {
  const token = displaySession()?.token;
  if (token) {
    try {
      await endDisplaySession(token);
    } catch {
      // an ended session answers 401: the screen is logged out either way
    }
  }
  clearDeviceSession('display');
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#0b1a2b', color: '#ffffff', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageMenu named />
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        {children}
      </Box>
    </Box>
  );
}

/** /display/login: the screen's key and secret, or its auto-login token; then /display. */
export function DisplayLoginPage() {
  const navigate = useNavigate();
  if (displaySession()) return <Navigate to="/display" replace />;
  return (
    <Centered>
      <DeviceLoginForm
        kind="display"
        errorKey={(e) => kioskErrorKey(e, 'login')}
        onLogin={async (body) => {
          await displayLogin(body);
          navigate('/display', { replace: true });
        }}
      />
    </Centered>
  );
}

/**
 * /display: the board of a display screen. Live through its queues' rooms (a refetch per notice,
 * and after every reconnection), a poll while the channel is down, a ping every minute, and the
 * remote commands of the back-office.
 */
export function DisplayScreenPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale, setLocale] = useLocaleState();
  const session = displaySession();
  const token = session?.token ?? null;
  const [live, setLive] = useState(false);
  const [style, setStyle] = useState<1 | 2>(readStyle('display') ?? 1);
  const board = useQuery({
    queryKey: ['display-board', token],
    queryFn: () => displayScreen<BoardData>(token),
    enabled: !!token,
    refetchInterval: live ? 60_000 : 15_000,
    retry: (n, e) => !(e instanceof HttpError && (e.status === 401 || e.status === 403)) && n < 3,
  });
  const ended = board.error instanceof HttpError && board.error.status === 401;
  const refused = board.error instanceof HttpError && board.error.status === 403 ? board.error : null;

  const toLogin = useCallback(async () => {
    await displayLogout();
    navigate('/display/login', { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (ended) void toLogin();
  }, [ended, toLogin]);

  // The screen speaks and shows its own language first; the menu can change what it shows.
  const languageSet = useRef(false);
  useEffect(() => {
    const lang = board.data?.display.language;
    if (lang && !languageSet.current) {
      languageSet.current = true;
      if (isLanguage(lang) && lang !== locale) setLocale(lang);
    }
  }, [board.data, locale, setLocale]);

  useEffect(() => {
    if (!token) return;
    const ping = () =>
      displayPing(token, { screen: `${window.screen.width}x${window.screen.height}`, language: locale, online: navigator.onLine }).catch((e) => {
        if (e instanceof HttpError && e.status === 401) void toLogin();
      });
    void ping();
    const t = setInterval(ping, PING_MS);
    return () => clearInterval(t);
  }, [token, locale, toLogin]);

  const onCommand = useCallback((c: DeviceCommand) => runDeviceCommand(c, { kind: 'display', toLogin, setStyle: setStyle, login: displayLogin }), [toLogin]);
  const queueIds = board.data?.queues.map((q) => q.id) ?? [];
  const refetch = board.refetch;
  const state = useDeviceChannel({
    token,
    rooms: session ? [{ kind: 'display', id: session.device.id }, ...queueIds.map((id) => ({ kind: 'queue' as const, id }))] : [],
    onChange: useCallback(() => void refetch(), [refetch]),
    onCommand,
    concerns: (n) => queueIds.some((id) => (n as { key?: string })?.key === `queue-${id}`),
  });
  // The poll above slows while the channel is live; the channel needs the board's queues first.
  if (live !== (state === 'live')) setLive(state === 'live');

  if (!session) return <Navigate to="/display/login" replace />;
  if (refused) {
    return (
      <Centered>
        <Alert severity="warning" data-testid="display-refused">
          {translate(kioskErrorKey(refused), { _: refused.body.message ?? refused.message })}
        </Alert>
      </Centered>
    );
  }
  if (!board.data) {
    return (
      <Centered>
        {board.isError && !ended ? (
          <Alert severity="error" action={<Button onClick={() => void board.refetch()}>{translate('ticket.retry')}</Button>}>
            {translate('display.load_failed')}
          </Alert>
        ) : (
          <CircularProgress aria-label={translate('app.loading')} />
        )}
      </Centered>
    );
  }
  return <Board board={board.data} live={state} style={style} speechLanguage={board.data.display.language} />;
}

/** /queues/{id}/display: the staff's own calling screen of one queue, in the page's language. */
export function QueueBoardPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [live, setLive] = useState(false);
  const board = useQuery({
    queryKey: ['queue-board', id],
    queryFn: () => queueBoard<BoardData>(id),
    refetchInterval: live ? 60_000 : 15_000,
    retry: (n, e) => !(e instanceof HttpError && e.status < 500) && n < 3,
  });
  const refetch = board.refetch;
  const state = useLiveRoom(
    'queue',
    id,
    useCallback(() => void refetch(), [refetch]),
  );
  // The poll above slows while the channel is live.
  if (live !== (state === 'live')) setLive(state === 'live');
  if (!board.data) {
    return (
      <Centered>
        {board.isError ? <Typography role="alert">{translate('display.load_failed')}</Typography> : <CircularProgress aria-label={translate('app.loading')} />}
      </Centered>
    );
  }
  return <Board board={board.data} live={state} speechLanguage={locale} />;
}
