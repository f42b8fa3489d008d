/**
 * /settings/report-settings (ADMIN): the reporting mails. Each setting watches a queue's figure
 * (average wait, tickets waiting, open counters) against a value and mails a team member the
 * setting's text, in their language (en, fr or ar), each time the figure crosses; optionally a
 * summary every day at a local time.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { type ReportSetting } from '@tabour/contracts';
import { useFormat } from '../i18n/format';
import { nameMap, useQueues, useTeam } from '../data/lookups';
import { reportsApi } from '../data/statistics';
import { OPERATOR_SIGN } from './reportOperators';
import { SettingDialog } from './ReportSettingDialog';

export function ReportSettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const f = useFormat();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['report-settings'], queryFn: reportsApi.list });
  const queues = nameMap(useQueues().data);
  const team = useTeam().data ?? [];
  const members = Object.fromEntries(team.map((m) => [m.id, m.name || [m.first_name, m.last_name].filter(Boolean).join(' ')]));
  const [editing, setEditing] = useState<ReportSetting | null | 'new'>(null);
  const remove = useMutation({
    mutationFn: (id: string) => reportsApi.remove(id),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['report-settings'] });
      notify('app.toast.deleted', { type: 'success' });
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  return (
    <Card sx={{ mt: 2 }} data-testid="report-settings">
      <Title title="statistics.reports.page_title" />
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {translate('statistics.reports.page_title')}
          </Typography>
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing('new')} data-testid="report-create">
            {translate('statistics.reports.create')}
          </Button>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('statistics.reports.intro')}
        </Typography>
        {list.isPending ? (
          <Loading />
        ) : (list.data ?? []).length === 0 ? (
          <Typography>{translate('statistics.reports.none')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('statistics.reports.title_field')}</TableCell>
                <TableCell>{translate('statistics.filters.queue')}</TableCell>
                <TableCell>{translate('statistics.reports.trigger')}</TableCell>
                <TableCell>{translate('statistics.reports.member')}</TableCell>
                <TableCell>{translate('statistics.reports.daily_summary')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data ?? []).map((r) => (
                <TableRow key={r.id} data-testid={`report-${r.title}`}>
                  <TableCell>{r.title}</TableCell>
                  <TableCell>{queues[r.queue_id] ?? '—'}</TableCell>
                  <TableCell>
                    {translate(`statistics.reports.kpis.${r.trigger_kpi}`)} {OPERATOR_SIGN[r.trigger_operator]} {f.number(r.trigger_value)}
                  </TableCell>
                  <TableCell>{members[r.member_id] ?? '—'}</TableCell>
                  <TableCell>{r.daily_summary ? r.summary_time : '—'}</TableCell>
                  <TableCell align="right">
                    <IconButton aria-label={translate('statistics.reports.edit')} onClick={() => setEditing(r)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={translate('ra.action.delete')} onClick={() => remove.mutate(r.id)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing && <SettingDialog initial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

export default ReportSettingsPage;
