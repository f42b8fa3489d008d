import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Loading, Title, useTranslate } from 'react-admin';
import { useLiveRoom } from '../live/useLiveRoom';
import { Minutes } from './QueueList';
import { BackToQueues } from './QueueHeader';
import { closeCounter, getArchive, getCounters } from '../data/queues';
import { nameMap, useBusinessDay, useQueue, useQueueCall, useTeam } from './hooks';
import { archiveBody, Counter, servedByCounter } from './model';
import { QueueCounterPeriod } from '../statistics';

function Figure({ label, value, testid }: { label: string; value: React.ReactNode; testid?: string }) {
  return (
    <Box sx={{ minWidth: 140 }} data-testid={testid}>
      <Typography variant="h5">{value}</Typography>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * The queue's counters today: open or closed, who holds each, whom it serves, and how many
 * tickets each has ended today (counted from today's archive), kept live.
 */
export function CounterStats() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { run } = useQueueCall();
  const queue = useQueue(id);
  const team = nameMap(useTeam().data);
  const today = useBusinessDay();
  const counters = useQuery({
    queryKey: ['queue-live', id, 'counters'],
    queryFn: () => getCounters(id),
  });
  const ended = useQuery({
    queryKey: ['queue-live', id, 'ended-today', today],
    queryFn: async () => {
      const body = { ...archiveBody(1, 1, { status: 'ended', from: today, to: today }), pagination: 'off' };
      return (await getArchive(id, body)).data;
    },
  });
  const live = useLiveRoom('queue', id, () => queryClient.invalidateQueries({ queryKey: ['queue-live', id] }));
  if (queue.isPending || counters.isPending) return <Loading />;
  const served = servedByCounter(ended.data ?? []);
  const s = queue.data?.summary;
  const close = async (c: Counter) => {
    await run('close_counter', () => closeCounter(id, c.id), 'queues.desk.closed');
    queryClient.invalidateQueries({ queryKey: ['queue-live', id] });
  };
  return (
    <Card sx={{ mt: 2 }} data-testid="counter-stats" data-live={live}>
      <Title title={translate('queues.stats.title', { name: queue.data?.name ?? '' })} />
      <CardContent>
        <BackToQueues />
        <Typography variant="h6" sx={{ mb: 2 }}>
          {translate('queues.stats.title', { name: queue.data?.name ?? '' })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 3 }}>
          <Figure label={translate('queues.summary.waiting')} value={s?.waiting ?? 0} />
          <Figure label={translate('queues.summary.in_service')} value={s?.in_service ?? 0} />
          <Figure label={translate('queues.summary.open_counters')} value={`${s?.open_counters ?? 0} / ${s?.counters ?? 0}`} />
          <Figure label={translate('queues.summary.average_wait')} value={<Minutes seconds={s?.average_wait_seconds} />} />
          <Figure label={translate('queues.stats.ended_today')} value={(ended.data ?? []).length} testid="ended-today" />
        </Box>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('queues.columns.counter')}</TableCell>
              <TableCell>{translate('queues.counters.status')}</TableCell>
              <TableCell>{translate('queues.counters.held_by')}</TableCell>
              <TableCell>{translate('queues.counters.serving')}</TableCell>
              <TableCell>{translate('queues.form.break_minutes')}</TableCell>
              <TableCell>{translate('queues.stats.ended_today')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(counters.data ?? []).map((c) => (
              <TableRow key={c.id} data-testid={`stats-${c.name}`}>
                <TableCell>{c.name}</TableCell>
                <TableCell>
                  <Chip size="small" color={c.open ? 'success' : 'default'} label={translate(c.open ? 'queues.counters.open' : 'queues.counters.closed')} />
                </TableCell>
                <TableCell>{c.held_by ? (team[c.held_by] ?? '—') : '—'}</TableCell>
                <TableCell>{c.serving_label ?? '—'}</TableCell>
                <TableCell>{c.break_minutes}</TableCell>
                <TableCell data-testid="served">{served[c.id] ?? 0}</TableCell>
                <TableCell>
                  {c.open && (
                    <Button size="small" onClick={() => close(c)}>
                      {translate('queues.desk.close')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {counters.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary">{translate('queues.counters.none')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
      <QueueCounterPeriod queueId={id} memberNames={team} />
    </Card>
  );
}
