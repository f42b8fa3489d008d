import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/system';
import { useTranslate } from 'react-admin';
import { callKey } from './announcer';
import type { Board as BoardData } from '@tabour/contracts';
import type { BoardTheme } from './boardTheme';

const flash = keyframes`
  0%, 100% { transform: scale(1); }
  20%, 60% { transform: scale(1.04); }
`;

/** The tickets at a counter now, big, the newest first and outlined, the one just called flashing. */
export function BoardCalls({
  board,
  latest,
  theme,
  queueName,
}: {
  board: BoardData;
  latest: string | null | undefined;
  theme: BoardTheme;
  queueName: (id: string) => string;
}) {
  const translate = useTranslate();
  const newest = board.calls[0];
  return board.calls.length === 0 ? (
    <Typography sx={{ fontSize: '2rem', color: theme.muted }} data-testid="board-empty">
      {translate('display.no_call')}
    </Typography>
  ) : (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {board.calls.map((c) => {
        const fresh = callKey(c) === latest;
        return (
          <Box
            component="li"
            key={callKey(c)}
            data-testid={`board-call-${c.label}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 3,
              px: 3,
              py: 2,
              borderRadius: 2,
              bgcolor: theme.panel,
              border: `3px solid ${c === newest ? theme.accent : 'transparent'}`,
              animation: fresh ? `${flash} 1.2s ease-in-out 3` : undefined,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            <Typography sx={{ fontSize: { xs: '3.5rem', md: '5.5rem' }, fontWeight: 800, lineHeight: 1, color: c === newest ? theme.accent : theme.text }}>
              {c.label}
            </Typography>
            <Box sx={{ textAlign: 'end' }}>
              <Typography sx={{ fontSize: { xs: '1.8rem', md: '2.8rem' }, fontWeight: 700 }}>{c.counter_name ?? '—'}</Typography>
              {board.queues.length > 1 && <Typography sx={{ color: theme.muted, fontSize: '1.2rem' }}>{queueName(c.queue_id)}</Typography>}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
