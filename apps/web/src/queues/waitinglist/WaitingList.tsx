import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useParams } from 'react-router-dom';
import { Loading, Title, useTranslate } from 'react-admin';
import { BackToQueues } from '../QueueHeader';
import { delayQueue, pauseQueue, resumeQueue } from '../../data/queues';
import { nameMap, useMayOpen, useNoteTypes, useQueueCall, useQueues, useServices, useTeam } from '../hooks';
import { useWaitingListData } from './data';
import { Desk } from './Desk';
import { DelayDialog } from './dialogs';
import { LiveChip } from './LiveChip';
import { PushDialog } from './PushDialog';
import { registerWaitingList } from './loaded';
import { SideTable } from './SideTable';
import type { Names } from './TicketCells';
import { TicketContext } from './TicketMenu';
import { WaitingTable } from './WaitingTable';

export function WaitingListPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const may = useMayOpen();
  const { run } = useQueueCall();
  const data = useWaitingListData(id);
  const services = useServices().data ?? [];
  const team = useTeam().data ?? [];
  const noteTypes = useNoteTypes().data ?? [];
  const queues = useQueues().data ?? [];
  const [pushing, setPushing] = useState(false);
  const [delaying, setDelaying] = useState(false);

  const queue = data.queue.data;
  if (data.queue.isPending) return <Loading />;
  if (!queue) return <Alert severity="error">{translate('queues.errors.load')}</Alert>;
  const waiting = data.waiting.data?.data ?? [];
  const inService = data.inService.data ?? [];
  const onHold = data.onHold.data ?? [];
  const paused = data.waiting.data?.paused ?? queue.paused;
  const delay = data.waiting.data?.delay_seconds ?? queue.delay_seconds;
  const mine = data.mine.data;
  const names: Names = {
    services: nameMap(services),
    members: nameMap(team),
    noteTypes: Object.fromEntries(noteTypes.map((n) => [n.id, { name: n.name, color: n.color }])),
  };
  const ctx: TicketContext = {
    queueId: id,
    onHoldEnabled: queue.on_hold_enabled,
    waiting,
    members: queue.member_ids?.length ? team.filter((m) => queue.member_ids.includes(m.id)) : team,
    noteTypes,
    queues,
    refresh: data.refresh,
  };
  const pauseOrResume = () =>
    run(
      paused ? 'resume' : 'pause',
      () => (paused ? resumeQueue(id) : pauseQueue(id)),
      paused ? 'queues.queue_actions.resumed' : 'queues.queue_actions.paused',
    ).then(data.refresh);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid="waiting-list-page" data-live={data.live}>
      <Title title={queue.name} />
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <BackToQueues />
          <Typography variant="h5" sx={{ flexGrow: 1 }} data-testid="queue-name">
            {queue.name}
          </Typography>
          <LiveChip state={data.live} />
          {paused && <Chip color="warning" label={translate('queues.paused')} data-testid="paused" />}
          {delay > 0 && (
            <Chip color="warning" variant="outlined" icon={<ScheduleIcon />} label={translate('queues.delay_banner', { count: Math.round(delay / 60) })} />
          )}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPushing(true)} data-testid="push-ticket">
            {translate('queues.push.action')}
          </Button>
          <Button startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />} onClick={pauseOrResume} data-testid="pause-resume">
            {translate(paused ? 'queues.queue_actions.resume' : 'queues.queue_actions.pause')}
          </Button>
          <Button startIcon={<ScheduleIcon />} onClick={() => setDelaying(true)} data-testid="delay">
            {translate('queues.queue_actions.delay')}
          </Button>
        </CardContent>
        <CardContent sx={{ pt: 0 }}>
          <Desk
            queueId={id}
            counters={data.counters.data ?? []}
            mine={mine}
            serving={mine ? inService.find((t) => t.counter_id === mine.id) : undefined}
            onHold={onHold}
            queueNames={nameMap(queues)}
            refresh={data.refresh}
          />
        </CardContent>
      </Card>
      {paused && <Alert severity="warning">{translate('queues.paused_banner')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
        <Card data-testid="waiting-list">
          <CardContent>
            <Typography variant="h6">
              {translate('queues.sections.waiting')} ({waiting.length})
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('queues.sections.order_hint')}
            </Typography>
            <WaitingTable
              list={waiting}
              names={names}
              ctx={ctx}
              counter={mine && mine.queue_id === id ? (data.counters.data ?? []).find((c) => c.id === mine.id) : undefined}
            />
          </CardContent>
        </Card>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card data-testid="in-service">
            <CardContent>
              <Typography variant="h6">
                {translate('queues.sections.in_service')} ({inService.length})
              </Typography>
              <SideTable tickets={inService} names={names} ctx={ctx} prefix="in-service" empty="queues.empty.in_service" mineCounter={mine?.id} />
            </CardContent>
          </Card>
          <Card data-testid="on-hold">
            <CardContent>
              <Typography variant="h6">
                {translate('queues.sections.on_hold')} ({onHold.length})
              </Typography>
              <SideTable tickets={onHold} names={names} ctx={ctx} prefix="on-hold" empty="queues.empty.on_hold" />
            </CardContent>
          </Card>
        </Box>
      </Box>
      {pushing && (
        <PushDialog
          queue={queue}
          services={services}
          members={ctx.members}
          canPickCustomer={may('/customers')}
          onClose={() => setPushing(false)}
          onDone={data.refresh}
        />
      )}
      {delaying && (
        <DelayDialog
          onClose={() => setDelaying(false)}
          onSave={async (hours, minutes) => {
            const ok = await run('delay', () => delayQueue(id, hours, minutes), 'queues.queue_actions.delayed');
            data.refresh();
            if (ok) setDelaying(false);
          }}
        />
      )}
    </Box>
  );
}

registerWaitingList(WaitingListPage);
