import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { Counter } from '../model';
import { DeskHere } from './DeskHere';
import { DeskOpen } from './DeskOpen';
import { rememberedCounter } from './lastCounter';
import { useDesk, type DeskState } from './useDesk';

/**
 * The agent's place: the counter they hold here (with "Call next" and the ticket at it), the one
 * they hold in another queue, or a counter of this queue to open. Shortcuts (shown on screen):
 * N calls next, E ends the ticket at the counter, H puts it on hold, R recalls the oldest ticket on hold.
 */
export function Desk({ counters, queueNames, ...state }: DeskState & { counters: Counter[]; queueNames: Record<string, string> }) {
  const translate = useTranslate();
  const { queueId, mine, serving, onHold } = state;
  const free = counters.filter((c) => !c.open);
  const [picked, setPick] = useState(() => rememberedCounter(queueId));
  // A counter taken meanwhile (or none picked yet) falls back to the first free one.
  const pick = free.some((c) => c.id === picked) ? picked : (free[0]?.id ?? '');
  const desk = useDesk(state);

  if (mine && mine.queue_id !== queueId) {
    return (
      <Alert
        severity="info"
        data-testid="desk-elsewhere"
        action={
          <Button component={Link} to={`/queues/${mine.queue_id}/waitinglist`}>
            {translate('queues.desk.go_there')}
          </Button>
        }
      >
        {translate('queues.desk.elsewhere', { name: mine.name, queue: queueNames[mine.queue_id] ?? '' })}
      </Alert>
    );
  }
  if (desk.here) return <DeskHere here={desk.here} serving={serving} onHold={onHold} desk={desk} />;
  return <DeskOpen free={free} anyCounter={counters.length > 0} pick={pick} setPick={setPick} busy={desk.busy} open={() => void desk.open(pick)} />;
}
