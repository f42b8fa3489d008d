import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import DownloadIcon from '@mui/icons-material/Download';
import TimelineIcon from '@mui/icons-material/Timeline';
import { DateTime } from 'luxon';
import { AutocompleteInput, DateInput, List, Pagination, SelectInput, TopToolbar, useListContext, useLocale, useNotify, useTranslate } from 'react-admin';
import { ACTIVITY_ACTOR_KINDS, ACTIVITY_SENTENCE_TYPES, type ActivityItem, type ActivityState } from '@tabour/contracts';
import { useBusinessZone } from '../data/lookups';
import { visuallyHidden } from '../components/a11y';
import { actorText, localText, sentence } from './summary';
import { activityState, exportActivity } from '../data/activity';

/** The stream categories a reader can narrow to, with the record kind that names each. */
const CATEGORIES: [string, string][] = [
  ['queue', 'queue'],
  ['queuerequest', 'queue_request'],
  ['booking', 'booking'],
  ['bookingrequest', 'booking_request'],
  ['customer', 'customer'],
  ['department', 'department'],
  ['service', 'service'],
  ['member', 'member'],
  ['holiday', 'holiday'],
  ['business', 'business'],
  ['account', 'account'],
  ['user', 'user'],
  ['kiosk', 'kiosk'],
  ['display', 'display'],
];

function useWhen() {
  const locale = useLocale();
  const zone = useBusinessZone();
  return (iso: string) =>
    DateTime.fromISO(iso, zone ? { zone } : {})
      .setLocale(locale)
      .toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS);
}

function Actions() {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const file = (format: 'csv' | 'xlsx') => {
    const q = new URLSearchParams({ format });
    for (const [k, v] of Object.entries(filterValues ?? {})) if (v) q.set(k, String(v));
    exportActivity(q, `activity.${format}`).catch((e: Error) => notify(e.message, { type: 'error' }));
  };
  return (
    <TopToolbar>
      <Button startIcon={<DownloadIcon />} onClick={() => file('csv')} data-testid="activity-export-csv">
        {translate('activity.export_csv')}
      </Button>
      <Button startIcon={<DownloadIcon />} onClick={() => file('xlsx')} data-testid="activity-export-xlsx">
        {translate('activity.export_xlsx')}
      </Button>
    </TopToolbar>
  );
}

/** One event: when, the sentence with its record, who (and through what), and the stored event on demand. */
function Row({ item, onTimeline }: { item: ActivityItem; onTimeline: (id: string) => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const when = useWhen();
  const [open, setOpen] = useState(false);
  const recordName =
    localText(item.record.label && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(item.record.label) ? item.record.label : null, locale) ?? item.record.label;
  const chip = `${translate(`activity.records.${item.record.kind}`)}${recordName ? ` · ${recordName}` : ''}`;
  return (
    <>
      <TableRow data-testid="activity-row" data-type={item.type} sx={{ '& > td': { borderBottom: open ? 'none' : undefined, verticalAlign: 'top' } }}>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(item.recorded_at)}</TableCell>
        <TableCell>
          <Typography variant="body2" data-testid="activity-sentence" sx={{ overflowWrap: 'anywhere' }}>
            {sentence(item, translate, locale)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip
              size="small"
              variant="outlined"
              icon={<TimelineIcon />}
              label={chip}
              onClick={() => onTimeline(item.record.id)}
              // The visible words stay in the accessible name, after what the chip does.
              aria-label={`${translate('activity.open_timeline')}: ${chip}`}
              data-testid="activity-record"
            />
            {(item.personal === 'hidden' || item.personal === 'erased') && (
              <Typography variant="caption" color="text.secondary">
                {translate(`activity.personal.${item.personal}`)}
              </Typography>
            )}
          </Box>
        </TableCell>
        <TableCell>
          <Chip size="small" label={translate(`activity.actors.${item.actor.kind}`)} sx={{ mb: 0.5 }} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {item.actor.kind === 'staff' || item.actor.name ? actorText(item, translate) : null}
          </Typography>
          {item.actor.via && (
            <Typography variant="caption" color="text.secondary" component="div">
              {translate('activity.via', { via: item.actor.via })}
            </Typography>
          )}
        </TableCell>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-label={translate('activity.details')}
            data-testid="activity-details"
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={4} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box
              component="pre"
              dir="ltr"
              data-testid="activity-raw"
              sx={{ m: 0, my: 1, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {JSON.stringify(
                {
                  type: item.type,
                  position: item.position,
                  stream_id: item.stream_id,
                  correlation_id: item.correlation_id,
                  actor: item.actor,
                  data: item.data,
                },
                null,
                2,
              )}
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

/** A record as it stood at a chosen moment: its events up to then, folded by the API. */
function StateAt({ recordId }: { recordId: string }) {
  const translate = useTranslate();
  const locale = useLocale();
  const zone = useBusinessZone();
  // Empty means now: the business's zone may not be known yet when the panel first renders.
  const [at, setAt] = useState('');
  const [state, setState] = useState<ActivityState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    setError(null);
    const q = new URLSearchParams({ record_id: recordId });
    // A minute chosen is the whole minute: what happened during it is part of the state.
    if (at)
      q.set(
        'at',
        DateTime.fromISO(at, { zone: zone ?? 'local' })
          .endOf('minute')
          .toUTC()
          .toISO()!,
      );
    try {
      setState(await activityState(q));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const value = (v: string | number | boolean | null, k: string) => {
    if (v === null || v === '') return '—';
    if (typeof v === 'boolean') return translate(v ? 'activity.state.yes' : 'activity.state.no');
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v)) return localText(v, locale)!;
    // Live, archived and booking statuses are worded where their own screens word them.
    if (k === 'status')
      return translate(`queues.summary.${v}`, {
        _: translate(`queues.archive.statuses.${v}`, { _: translate(`bookings.table.statuses.${v}`, { _: String(v) }) }),
      });
    return String(v);
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {translate('activity.state.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <TextField
          type="datetime-local"
          size="small"
          label={translate('activity.state.at')}
          value={at}
          onChange={(e) => setAt(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          inputProps={{ 'data-testid': 'activity-state-at' }}
        />
        <Button variant="outlined" onClick={show} data-testid="activity-state-show">
          {translate('activity.state.show')}
        </Button>
      </Box>
      {error && <Typography color="error">{error}</Typography>}
      {state && (
        <Box data-testid="activity-state" sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('activity.state.folded', { count: state.events })}
          </Typography>
          {!state.exists ? (
            <Typography>{translate('activity.state.missing')}</Typography>
          ) : (
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
              {Object.entries(state.fields).map(([k, v]) => (
                <Box key={k} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {translate(`activity.state.fields.${k}`, { _: k })}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`activity-state-${k}`}>
                    {value(v, k)}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

function Body() {
  const translate = useTranslate();
  const { data, filterValues, setFilters, isPending } = useListContext<ActivityItem>();
  const recordId = filterValues?.record_id as string | undefined;
  const first = data?.find((i) => i.record.id === recordId);
  const timeline = (id: string) => setFilters({ record_id: id }, {});
  return (
    <Box>
      {recordId && (
        <Paper variant="outlined" sx={{ p: 2, m: 1 }} data-testid="activity-timeline">
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {translate('activity.timeline_title', {
                record: first ? `${translate(`activity.records.${first.record.kind}`)} ${first.record.label ?? ''}`.trim() : translate('activity.unnamed'),
              })}
            </Typography>
            <Button onClick={() => setFilters({}, {})} data-testid="activity-whole-log">
              {translate('activity.whole_log')}
            </Button>
          </Box>
          {first && ['ticket', 'booking', 'customer'].includes(first.record.kind) && <StateAt recordId={recordId} />}
        </Paper>
      )}
      <Table size="small" sx={{ tableLayout: 'fixed', width: '100%' }} aria-label={translate('activity.title')} data-testid="activity-list">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 190 }}>{translate('activity.columns.when')}</TableCell>
            <TableCell>{translate('activity.columns.what')}</TableCell>
            <TableCell sx={{ width: 220 }}>{translate('activity.columns.who')}</TableCell>
            <TableCell sx={{ width: 56 }}>
              <Box component="span" sx={visuallyHidden}>
                {translate('activity.details')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((item) => (
            <Row key={item.id} item={item} onTimeline={timeline} />
          ))}
          {!isPending && data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>
                <Typography color="text.secondary">{translate('activity.empty')}</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ActivityList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="category"
      source="category"
      label="activity.filters.record_kind"
      choices={CATEGORIES.map(([id, kind]) => ({ id, name: translate(`activity.records.${kind}`) }))}
      translateChoice={false}
      alwaysOn
    />,
    <SelectInput
      key="actor_kind"
      source="actor_kind"
      label="activity.filters.actor_kind"
      choices={ACTIVITY_ACTOR_KINDS.map((k) => ({ id: k, name: translate(`activity.actors.${k}`) }))}
      translateChoice={false}
      alwaysOn
    />,
    <AutocompleteInput
      key="type"
      source="type"
      label="activity.filters.type"
      choices={ACTIVITY_SENTENCE_TYPES.map((t) => ({ id: t, name: t }))}
      translateChoice={false}
      alwaysOn
    />,
    <DateInput key="from" source="from" label="activity.filters.from" alwaysOn />,
    <DateInput key="to" source="to" label="activity.filters.to" alwaysOn />,
  ];
  return (
    <List
      resource="activity"
      filters={filters}
      actions={<Actions />}
      exporter={false}
      // The address alone holds the filters: the menu's Activity is the whole log, not the last timeline opened.
      storeKey={false}
      sort={{ field: 'position', order: 'DESC' }}
      title={translate('activity.title')}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      sx={{ maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
    >
      <Body />
    </List>
  );
}
