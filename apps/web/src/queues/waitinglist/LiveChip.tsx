import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { LiveState } from '../../live/useLiveRoom';

export function LiveChip({ state }: { state: LiveState }) {
  const translate = useTranslate();
  const color = state === 'live' ? 'success' : state === 'connecting' ? 'default' : 'warning';
  return <Chip size="small" variant="outlined" color={color} label={translate(`queues.live.${state}`)} data-testid="live-state" data-state={state} />;
}
