import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CampaignIcon from '@mui/icons-material/Campaign';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import ReplayIcon from '@mui/icons-material/Replay';
import { useTranslate } from 'react-admin';
import type { Ticket } from '../model';
import type { HeldCounter } from './data';
import { ActionDialog } from './dialogs';
import type { Desk } from './useDesk';

const Kbd = ({ k }: { k: string }) => (
  <Box
    component="kbd"
    sx={{ marginInlineStart: 1, px: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, fontSize: '0.75em', fontFamily: 'monospace' }}
    aria-hidden
  >
    {k}
  </Box>
);

/** The counter the agent holds in this queue: Call next, the ticket at it and its actions, each with its key, and closing it. */
export function DeskHere({ here, serving, onHold, desk }: { here: HeldCounter; serving: Ticket | undefined; onHold: Ticket[]; desk: Desk }) {
  const translate = useTranslate();
  const { busy, call, act, close } = desk;
  const [closing, setClosing] = useState(false);
  const callButton = useRef<HTMLButtonElement>(null);
  // The agent's first key press reaches Call next, not the menu's twenty links.
  const hereId = here.id;
  useEffect(() => {
    if (hereId) callButton.current?.focus();
  }, [hereId]);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} data-testid="desk">
        <Typography data-testid="desk-at">{translate('queues.desk.at', { name: here.name })}</Typography>
        <Button
          ref={callButton}
          variant="contained"
          size="large"
          startIcon={<CampaignIcon />}
          disabled={busy}
          onClick={call}
          aria-keyshortcuts="N"
          data-testid="call-next"
        >
          {translate('queues.call_next')}
          <Kbd k="N" />
        </Button>
        {serving && (
          <>
            <Chip color="primary" label={translate('queues.desk.serving', { label: serving.label })} data-testid="desk-serving" />
            <Button disabled={busy} startIcon={<DoneAllIcon />} onClick={() => act('end', serving)} aria-keyshortcuts="E" data-testid="desk-end">
              {translate('queues.ticket.end')}
              <Kbd k="E" />
            </Button>
            <Button disabled={busy} startIcon={<PauseCircleIcon />} onClick={() => act('hold', serving)} aria-keyshortcuts="H" data-testid="desk-hold">
              {translate('queues.ticket.hold')}
              <Kbd k="H" />
            </Button>
          </>
        )}
        {onHold.length > 0 && (
          <Button
            disabled={busy}
            startIcon={<ReplayIcon />}
            onClick={() => act('recall', onHold.find((t) => t.counter_id === here.id) ?? onHold[0])}
            aria-keyshortcuts="R"
            data-testid="desk-recall"
          >
            {translate('queues.ticket.recall')}
            <Kbd k="R" />
          </Button>
        )}
        <Button disabled={busy} onClick={() => (serving ? setClosing(true) : void close())} data-testid="close-counter">
          {translate('queues.desk.close')}
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="desk-shortcuts">
        {translate('queues.desk.shortcuts')}
      </Typography>
      {closing && serving && (
        <ActionDialog
          title={translate('queues.desk.close_title', { name: here.name })}
          submit={translate('queues.desk.close')}
          onSubmit={async () => {
            setClosing(false);
            await close();
          }}
          onClose={() => setClosing(false)}
          danger
        >
          <Typography data-testid="close-counter-text">{translate('queues.desk.close_body', { label: serving.label })}</Typography>
        </ActionDialog>
      )}
    </Box>
  );
}
