import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/Restore';
import SaveIcon from '@mui/icons-material/Save';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { CHANNELS, isLanguage, LANGUAGES, MESSAGE_TYPES, TEMPLATE_PLACEHOLDERS, type MessageTemplate } from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { NATIVE_NAMES } from '../../i18n/languages';
import type { TemplatePreview } from '@tabour/contracts';
import { directionOf, findTemplate, insertPlaceholder, problemText, type TemplateSelection } from './model';
import { listTemplates, previewTemplate, resetTemplate, saveTemplate } from '../../data/notifications';

const T = 'notifications.templates';
const KEY = ['settings', 'notification-templates'];

/** The value after the typing has paused, so the preview is asked once per pause rather than per key. */
function useSettled<V>(value: V, wait = 300): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}

function Problems({ problems }: { problems: TemplatePreview['problems']['body'] }) {
  const translate = useTranslate();
  if (!problems.length) return null;
  return (
    <Alert severity="warning" sx={{ mt: 1 }} data-testid="template-problems">
      {problems.map((p, i) => {
        const [key, values] = problemText(p);
        return <div key={i}>{translate(key, values)}</div>;
      })}
    </Alert>
  );
}

function Editor({ selection, template }: { selection: TemplateSelection; template: MessageTemplate }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(template.body);
  const [subject, setSubject] = useState(template.subject ?? '');
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const hasSubject = selection.channel !== 'sms';
  const dir = directionOf(selection.language);

  const draft = useSettled({ body, subject });
  const preview = useQuery({
    queryKey: ['settings', 'template-preview', selection, draft],
    queryFn: () => previewTemplate({ ...selection, body: draft.body, subject: hasSubject ? draft.subject : undefined }),
    placeholderData: keepPreviousData,
  });

  const done = (answer: MessageTemplate, message: string) => {
    queryClient.setQueryData<MessageTemplate[]>(KEY, (all) =>
      all?.map((t) => (t.type === answer.type && t.language === answer.language && t.channel === answer.channel ? answer : t)),
    );
    setBody(answer.body);
    setSubject(answer.subject ?? '');
    notify(message, { type: 'success' });
  };
  const failed = (e: Error) => {
    const errors = e instanceof HttpError ? e.body.errors : undefined;
    notify(errors ? Object.values(errors)[0] : e.message, { type: 'error' });
  };
  const save = useMutation({
    mutationFn: () => saveTemplate(selection, hasSubject ? { body, subject } : { body }),
    onSuccess: (t) => done(t, 'app.toast.saved'),
    onError: failed,
  });
  const reset = useMutation({
    mutationFn: () => resetTemplate(selection),
    onSuccess: (t) => done(t, `${T}.reset_done`),
    onError: failed,
  });

  const insert = (name: string) => {
    const el = bodyRef.current;
    const next = insertPlaceholder(body, name, el?.selectionStart ?? null, el?.selectionEnd ?? null);
    setBody(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  const p = preview.data;
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 2 }}>
      <Box sx={{ flex: '1 1 380px', minWidth: 0 }}>
        <Chip
          size="small"
          color={template.custom ? 'primary' : 'default'}
          label={translate(template.custom ? `${T}.custom` : `${T}.default`)}
          sx={{ mb: 1 }}
          data-testid="template-origin"
        />
        {hasSubject && (
          <TextField
            label={translate(selection.channel === 'email' ? `${T}.subject` : `${T}.title`)}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { dir, 'data-testid': 'template-subject' } }}
          />
        )}
        <TextField
          label={translate(`${T}.body`)}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={5}
          fullWidth
          margin="dense"
          inputRef={bodyRef}
          slotProps={{ htmlInput: { dir, 'data-testid': 'template-body' } }}
        />
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>
          {translate(`${T}.placeholders`)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} dir="ltr">
          {TEMPLATE_PLACEHOLDERS[selection.type].map((name) => (
            <Chip key={name} size="small" variant="outlined" label={`{{${name}}}`} onClick={() => insert(name)} data-testid={`placeholder-${name}`} />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={() => save.mutate()} disabled={save.isPending} data-testid="template-save">
            {translate('ra.action.save')}
          </Button>
          {template.custom && (
            <Button startIcon={<RestoreIcon />} onClick={() => reset.mutate()} disabled={reset.isPending} data-testid="template-reset">
              {translate(`${T}.reset`)}
            </Button>
          )}
        </Box>
      </Box>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }} data-testid="template-preview">
        <Typography variant="subtitle1" component="h3">
          {translate(`${T}.preview`)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(`${T}.preview_hint`)}
        </Typography>
        {preview.isFetching && <LinearProgress sx={{ my: 0.5 }} aria-label={translate(`${T}.preview`)} />}
        {p && (
          <>
            <Paper variant="outlined" sx={{ p: 2, mt: 1, whiteSpace: 'pre-wrap', bgcolor: 'action.hover' }} dir={dir} lang={selection.language}>
              {p.subject && (
                <Typography fontWeight="bold" gutterBottom data-testid="template-preview-subject">
                  {p.subject}
                </Typography>
              )}
              <Typography data-testid="template-preview-body">{p.body}</Typography>
            </Paper>
            {selection.channel === 'sms' && (
              <>
                <Typography variant="body2" sx={{ mt: 1 }} data-testid="template-segments">
                  {translate(`${T}.segments`, { segments: p.sms.segments, characters: p.sms.characters, encoding: p.sms.encoding })}
                </Typography>
                {p.sms.encoding === 'UCS-2' && (
                  <Typography variant="caption" color="text.secondary">
                    {translate(`${T}.unicode_hint`)}
                  </Typography>
                )}
              </>
            )}
            <Problems problems={[...p.problems.subject, ...p.problems.body]} />
          </>
        )}
      </Box>
    </Box>
  );
}

/** The message templates: pick a message, language and channel, edit its text with a live preview, or go back to the default. */
export function TemplateEditor() {
  const translate = useTranslate();
  const locale = useLocale();
  // The screen's language first: the text its reader writes best.
  const [selection, setSelection] = useState<TemplateSelection>({ type: 'QUEUE_CALL_NEXT', language: isLanguage(locale) ? locale : 'en', channel: 'sms' });
  const templates = useQuery({
    queryKey: KEY,
    queryFn: listTemplates,
  });
  const template = templates.data && findTemplate(templates.data, selection);
  const choose = (part: Partial<TemplateSelection>) => setSelection((s) => ({ ...s, ...part }));

  return (
    <Box data-testid="template-editor">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="template-type-label">{translate(`${T}.type`)}</InputLabel>
          <Select
            labelId="template-type-label"
            label={translate(`${T}.type`)}
            value={selection.type}
            onChange={(e) => choose({ type: e.target.value as TemplateSelection['type'] })}
            data-testid="template-type"
          >
            {MESSAGE_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`notifications.types.${t}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="template-language-label">{translate(`${T}.language`)}</InputLabel>
          <Select
            labelId="template-language-label"
            label={translate(`${T}.language`)}
            value={selection.language}
            onChange={(e) => choose({ language: e.target.value as TemplateSelection['language'] })}
            data-testid="template-language"
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l} value={l} lang={l}>
                {NATIVE_NAMES[l]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="template-channel-label">{translate(`${T}.channel`)}</InputLabel>
          <Select
            labelId="template-channel-label"
            label={translate(`${T}.channel`)}
            value={selection.channel}
            onChange={(e) => choose({ channel: e.target.value as TemplateSelection['channel'] })}
            data-testid="template-channel"
          >
            {CHANNELS.map((c) => (
              <MenuItem key={c} value={c}>
                {translate(`notifications.channels.${c}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      {templates.isPending && <LinearProgress sx={{ mt: 2 }} aria-label={translate('app.loading')} />}
      {templates.isError && <Typography color="error">{(templates.error as Error).message}</Typography>}
      {/* Keyed by the selection and the stored text, so a switch or a save starts the fields over from it. */}
      {template && (
        <Editor
          key={`${selection.type}/${selection.language}/${selection.channel}/${template.custom}/${template.body}`}
          selection={selection}
          template={template}
        />
      )}
    </Box>
  );
}
