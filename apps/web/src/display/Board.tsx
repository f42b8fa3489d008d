import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { keyframes } from '@mui/system';
import { useLocale, useTranslate } from 'react-admin';
import { LanguageMenu } from '../layout/LanguageMenu';
import type { LiveState } from '../live/useLiveRoom';
import { visuallyHidden } from '../components/a11y';
import { localName } from '../kiosk';
import type { Board as ContractBoard } from '@tabour/contracts';
import { callKey } from './announcer';
import { holdMs, loops, MediaItem, nextIndex, playlist } from './media';
import { useAnnouncements } from './speech';
import { formatInstant } from '../i18n/format';
import { BoardCalls } from './BoardCalls';
import { THEMES } from './boardTheme';

/** What the board's calls answer: the contract's. */
export type BoardData = ContractBoard;

const scroll = keyframes`
  from { transform: translateX(100vw); }
  to { transform: translateX(-100%); }
`;

/** The images and videos in turn: an image for its seconds, a video to its end; a lone video loops. */
function Media({ items, label }: { items: MediaItem[]; label: string }) {
  const [index, setIndex] = useState(0);
  const item = items[index % Math.max(1, items.length)];
  useEffect(() => {
    if (!item) return;
    const ms = holdMs(item, items.length);
    if (ms === null) return;
    const t = setTimeout(() => setIndex((i) => nextIndex(i, items.length)), ms);
    return () => clearTimeout(t);
  }, [item, items.length]);
  if (!item) return null;
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 2, overflow: 'hidden' }} data-testid="board-media">
      {item.kind === 'image' ? (
        <Box component="img" src={item.url} alt={label} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      ) : (
        <Box
          component="video"
          key={`${index}-${item.url}`}
          src={item.url}
          autoPlay
          muted
          playsInline
          loop={loops(item, items.length)}
          onEnded={() => setIndex((i) => nextIndex(i, items.length))}
          onError={() => items.length > 1 && setIndex((i) => nextIndex(i, items.length))}
          aria-label={label}
          sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
    </Box>
  );
}

function Clock({ color, zone }: { color: string; zone?: string | null }) {
  const locale = useLocale();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(t);
  }, []);
  return (
    <Typography component="p" sx={{ color, fontSize: '1.6rem', fontVariantNumeric: 'tabular-nums' }} data-testid="board-clock">
      {formatInstant(now, locale, zone, 'time')}
    </Typography>
  );
}

/** Chromium speaks only after the page has been touched once: the screen offers that touch. */
function SoundButton({ color }: { color: string }) {
  const translate = useTranslate();
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  const [needed, setNeeded] = useState(() => !!activation && !activation.hasBeenActive);
  if (!needed) return null;
  return (
    <Button
      variant="outlined"
      startIcon={<VolumeUpIcon />}
      onClick={() => {
        window.speechSynthesis?.resume();
        setNeeded(false);
      }}
      sx={{ color, borderColor: color }}
      data-testid="board-sound"
    >
      {translate('display.sound_on')}
    </Button>
  );
}

/**
 * The calling board of a display screen or of a queue: the tickets at a counter now, big, the
 * newest first and flashing; the last calls; the media and the messages beside; every new call
 * said aloud in the display's language, one after the other.
 */
export function Board({ board, live, style = 1, speechLanguage }: { board: BoardData; live: LiveState; style?: 1 | 2; speechLanguage: string }) {
  const translate = useTranslate();
  const locale = useLocale();
  const theme = THEMES[board.display.theme] ?? THEMES.dark;
  const latest = useAnnouncements(board, speechLanguage);
  const items = playlist(board.display);
  const withMedia = style === 1 && items.length > 0;
  const queueName = (id: string) => {
    const q = board.queues.find((x) => x.id === id);
    return q ? localName(q, locale) : '';
  };
  const newest = board.calls[0];
  const ads = board.display.ads.filter((a) => a.trim());

  return (
    <Box
      data-testid="board"
      data-live={live}
      sx={{ minHeight: '100vh', display: 'grid', gridTemplateRows: 'auto 1fr auto', bgcolor: theme.bg, color: theme.text }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 3, py: 1.5, flexWrap: 'wrap', borderBottom: `2px solid ${theme.panel}` }}
      >
        {board.business.logo_url && <Box component="img" src={board.business.logo_url} alt="" sx={{ height: 48 }} />}
        <Box sx={{ flexGrow: 1 }}>
          <Typography component="p" sx={{ fontSize: '1.8rem', fontWeight: 700 }}>
            {board.business.name}
          </Typography>
          <Typography component="p" sx={{ color: theme.muted }}>
            {board.queues.map((q) => localName(q, locale) + (q.paused ? ` (${translate('queues.paused')})` : '')).join(' · ')}
          </Typography>
        </Box>
        <SoundButton color={theme.text} />
        <Chip
          size="small"
          variant="outlined"
          label={translate(`queues.live.${live}`)}
          sx={{ color: theme.text, borderColor: theme.muted }}
          data-testid="live-state"
          data-state={live}
        />
        <Clock color={theme.text} zone={board.business.time_zone} />
        <Box sx={{ color: theme.text }}>
          <LanguageMenu named />
        </Box>
      </Box>

      <Box
        component="main"
        sx={{
          display: 'grid',
          gap: 3,
          p: 3,
          gridTemplateColumns: withMedia || board.history.length ? { xs: '1fr', lg: '3fr 2fr' } : '1fr',
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="board-now">
          <Typography id="board-now" component="h1" sx={{ fontSize: '2rem', fontWeight: 700, color: theme.muted, mb: 2 }}>
            {translate('display.now_serving')}
          </Typography>
          <BoardCalls board={board} latest={latest} theme={theme} queueName={queueName} />
        </Box>

        {(withMedia || board.history.length > 0) && (
          <Box sx={{ display: 'grid', gap: 3 }}>
            {withMedia && <Media items={items} label={translate('display.media')} />}
            {board.history.length > 0 && (
              <Box component="section" aria-labelledby="board-last">
                <Typography id="board-last" component="h2" sx={{ fontSize: '1.5rem', fontWeight: 700, color: theme.muted, mb: 1 }}>
                  {translate('display.last_calls')}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {board.history.map((h) => (
                    <Box
                      component="li"
                      key={callKey(h)}
                      data-testid={`board-history-${h.label}`}
                      sx={{ display: 'flex', justifyContent: 'space-between', py: 1, borderBottom: `1px solid ${theme.panel}`, fontSize: '1.5rem' }}
                    >
                      <span style={{ fontWeight: 700 }}>{h.label}</span>
                      <span>{h.counter_name ?? '—'}</span>
                    </Box>
                  ))}
                </Box>
              </Box>
            )}
          </Box>
        )}
      </Box>

      <Box component="footer" sx={{ bgcolor: theme.ticker, color: '#ffffff', overflow: 'hidden', minHeight: 56, display: 'flex', alignItems: 'center' }}>
        {ads.length > 0 && (
          <Box
            data-testid="board-ads"
            sx={{
              whiteSpace: 'nowrap',
              fontSize: '1.6rem',
              animation: `${scroll} ${Math.max(20, ads.join(' ').length / 6)}s linear infinite`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', whiteSpace: 'normal', px: 3 },
            }}
          >
            {ads.join('   •   ')}
          </Box>
        )}
      </Box>

      {/* The newest call, read out by screen readers as it comes. */}
      <Box sx={visuallyHidden} role="status" aria-live="polite" data-testid="board-announce">
        {newest ? translate('display.call_text', { label: newest.label, counter: newest.counter_name ?? '' }) : ''}
      </Box>
    </Box>
  );
}
