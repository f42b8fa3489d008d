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
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import {
  REPORT_KPIS,
  REPORT_LANGUAGES,
  REPORT_OPERATORS,
  REPORT_PLACEHOLDERS,
  type ReportLanguage,
  type ReportSetting,
  type ReportSettingInput,
} from '@tabour/contracts';
import type { HttpError } from '../data/http';
import { useFormat } from '../i18n/format';
import { nameMap, useQueues, useTeam } from '../data/lookups';
import { reportsApi } from '../data/statistics';
import { textErrors } from './model';

const OPERATOR_SIGN: Record<string, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=' };

const EMPTY: ReportSettingInput = {
  title: '',
  trigger_kpi: 'total_waiting',
  trigger_operator: 'gte',
  trigger_value: 10,
  content: { en: '', fr: '', ar: '' },
  daily_summary: false,
  summary_time: '18:00',
};

function SettingDialog({ initial, onClose }: { initial: ReportSetting | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const queues = useQueues();
  const team = useTeam();
  const [form, setForm] = useState<ReportSettingInput>(() =>
    initial
      ? {
          title: initial.title,
          queue_id: initial.queue_id,
          trigger_kpi: initial.trigger_kpi,
          trigger_operator: initial.trigger_operator,
          trigger_value: initial.trigger_value,
          member_id: initial.member_id,
          content: initial.content,
          daily_summary: initial.daily_summary,
          summary_time: initial.summary_time,
        }
      : EMPTY,
  );
  // The first message per field, as the http layer hands them over.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (changes: ReportSettingInput) => setForm((f) => ({ ...f, ...changes }));
  const setText = (lang: ReportLanguage, text: string) => set({ content: { ...(form.content as Record<ReportLanguage, string>), [lang]: text } });
  const save = useMutation({
    mutationFn: () => {
      // The texts are checked here first, with the API's own rule, so their problems read in the interface language.
      const found = textErrors(form.content as Record<ReportLanguage, string>, translate);
      if (Object.keys(found).length) {
        setErrors(found);
        return Promise.reject(new Error(translate('statistics.reports.errors.check_texts')));
      }
      return initial ? reportsApi.update(initial.id, form) : reportsApi.create(form);
    },
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['report-settings'] });
      notify(initial ? 'app.toast.saved' : 'app.toast.created', { type: 'success' });
      onClose();
    },
    onError: (e: Error) => {
      const server = ((e as HttpError).body as { errors?: Record<string, string> } | undefined)?.errors;
      // A field the API refused is worded by its name in the interface language; the API's English is the fallback.
      if (server)
        setErrors(Object.fromEntries(Object.entries(server).map(([k, v]) => [k, translate(`statistics.reports.errors.${k.replace('.', '_')}`, { _: v })])));
      notify(e.message, { type: 'error' });
    },
  });
  const err = (field: string): string | undefined => errors[field];
  const unit = form.trigger_kpi === 'waiting_time' ? translate('statistics.reports.minutes_unit') : '';
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate(initial ? 'statistics.reports.edit' : 'statistics.reports.create')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label={translate('statistics.reports.title_field')}
          value={form.title ?? ''}
          onChange={(e) => set({ title: e.target.value })}
          error={!!err('title')}
          helperText={err('title')}
          slotProps={{ htmlInput: { 'data-testid': 'report-title' } }}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            fullWidth={false}
            select
            label={translate('statistics.filters.queue')}
            value={form.queue_id ?? ''}
            onChange={(e) => set({ queue_id: e.target.value })}
            error={!!err('queue_id')}
            helperText={err('queue_id')}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'report-queue' } }}
          >
            {(queues.data ?? []).map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth={false}
            select
            label={translate('statistics.reports.kpi')}
            value={form.trigger_kpi}
            onChange={(e) => set({ trigger_kpi: e.target.value as ReportSettingInput['trigger_kpi'] })}
            sx={{ minWidth: 200 }}
          >
            {REPORT_KPIS.map((k) => (
              <MenuItem key={k} value={k}>
                {translate(`statistics.reports.kpis.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth={false}
            select
            label={translate('statistics.reports.operator')}
            value={form.trigger_operator}
            onChange={(e) => set({ trigger_operator: e.target.value as ReportSettingInput['trigger_operator'] })}
            sx={{ minWidth: 160 }}
          >
            {REPORT_OPERATORS.map((o) => (
              <MenuItem key={o} value={o}>
                {OPERATOR_SIGN[o]} {translate(`statistics.reports.operators.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth={false}
            type="number"
            label={translate('statistics.reports.value')}
            value={form.trigger_value ?? ''}
            onChange={(e) => set({ trigger_value: e.target.value === '' ? undefined : Number(e.target.value) })}
            error={!!err('trigger_value')}
            helperText={err('trigger_value') ?? unit}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { min: 0, 'data-testid': 'report-value' } }}
          />
          <TextField
            fullWidth={false}
            select
            label={translate('statistics.reports.member')}
            value={form.member_id ?? ''}
            onChange={(e) => set({ member_id: e.target.value })}
            error={!!err('member_id')}
            helperText={err('member_id')}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'report-member' } }}
          >
            {(team.data ?? []).map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.name || [m.first_name, m.last_name].filter(Boolean).join(' ')}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('statistics.reports.placeholders')}{' '}
          {REPORT_PLACEHOLDERS.map((p) => (
            <Chip key={p} size="small" label={`{{${p}}}`} sx={{ mx: 0.5 }} dir="ltr" />
          ))}
        </Typography>
        {REPORT_LANGUAGES.map((lang) => (
          <TextField
            key={lang}
            multiline
            minRows={2}
            label={translate(`statistics.reports.content_${lang}`)}
            value={(form.content as Record<ReportLanguage, string>)[lang] ?? ''}
            onChange={(e) => setText(lang, e.target.value)}
            error={!!err(`content.${lang}`)}
            helperText={err(`content.${lang}`)}
            slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr', lang, 'data-testid': `report-content-${lang}` } }}
          />
        ))}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <FormControlLabel
            control={<Switch checked={!!form.daily_summary} onChange={(e) => set({ daily_summary: e.target.checked })} />}
            label={translate('statistics.reports.daily_summary')}
          />
          <TextField
            fullWidth={false}
            type="time"
            label={translate('statistics.reports.summary_time')}
            value={form.summary_time ?? '18:00'}
            onChange={(e) => set({ summary_time: e.target.value })}
            disabled={!form.daily_summary}
            error={!!err('summary_time')}
            helperText={err('summary_time') ?? translate('statistics.reports.summary_help')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending} data-testid="report-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

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
