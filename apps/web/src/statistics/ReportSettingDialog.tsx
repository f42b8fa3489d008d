import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { REPORT_LANGUAGES, REPORT_PLACEHOLDERS, type ReportLanguage, type ReportSetting, type ReportSettingInput } from '@tabour/contracts';
import type { HttpError } from '../data/http';
import { reportsApi } from '../data/statistics';
import { textErrors } from './model';
import { ReportTrigger } from './ReportTrigger';

const EMPTY: ReportSettingInput = {
  title: '',
  trigger_kpi: 'total_waiting',
  trigger_operator: 'gte',
  trigger_value: 10,
  content: { en: '', fr: '', ar: '' },
  daily_summary: false,
  summary_time: '18:00',
};

/** Create or edit a report setting: its title, trigger, texts in each language and the daily summary. */
export function SettingDialog({ initial, onClose }: { initial: ReportSetting | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
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
        <ReportTrigger form={form} set={set} err={err} />
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
