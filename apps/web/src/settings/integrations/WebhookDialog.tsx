import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Webhook, WebhookWithSecret } from '@tabour/contracts';
import { HttpError } from '../../data/http';
import { createWebhook, updateWebhook } from '../../data/integrations';
import { LTR_INPUT } from '../../i18n/format';
import { useFailureNotice } from '../../components/SettingsSection';
import { T } from './webhooks-keys';
import { emptyWebhookForm, formOf, typeGroups, webhookBody, webhookFormErrors, type WebhookFormValues } from './webhooks-model';

/** Create or edit: the address, a description, all types or some, grouped by what they are about. */
export function WebhookDialog({ hook, onClose, onSaved }: { hook: Webhook | null; onClose: () => void; onSaved: (created: WebhookWithSecret | null) => void }) {
  const translate = useTranslate();
  const failed = useFailureNotice();
  const [values, setValues] = useState<WebhookFormValues>(() => (hook ? formOf(hook) : emptyWebhookForm()));
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const errors = touched ? webhookFormErrors(values) : {};
  const set = (patch: Partial<WebhookFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const toggleType = (type: string, on: boolean) => set({ event_types: on ? [...values.event_types, type] : values.event_types.filter((t) => t !== type) });

  const save = async () => {
    setTouched(true);
    if (Object.keys(webhookFormErrors(values)).length) return;
    setSaving(true);
    try {
      const body = webhookBody(values);
      if (hook) {
        await updateWebhook(hook.id, body);
        onSaved(null);
      } else onSaved(await createWebhook(body));
    } catch (e) {
      if (e instanceof HttpError && e.body?.errors) setServerErrors(e.body.errors);
      failed(e);
    } finally {
      setSaving(false);
    }
  };

  const urlError = errors.url ? translate(errors.url) : serverErrors.url;
  const typesError = errors.event_types ? translate(errors.event_types) : serverErrors.event_types;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="webhook-dialog-title">
      <DialogTitle id="webhook-dialog-title">{translate(`${T}.dialogs.${hook ? 'edit' : 'create'}_title`)}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            label={translate(`${T}.fields.url`)}
            value={values.url}
            onChange={(e) => set({ url: e.target.value })}
            error={!!urlError}
            helperText={urlError ?? translate(`${T}.fields.url_hint`)}
            required
            fullWidth
            slotProps={{ htmlInput: { ...LTR_INPUT, maxLength: 2000, 'data-testid': 'webhook-url' } }}
          />
          <TextField
            label={translate(`${T}.fields.description`)}
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200, dir: 'auto' } }}
          />
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle1">
              {translate(`${T}.fields.event_types`)}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={values.all} onChange={(e) => set({ all: e.target.checked })} />}
              label={translate(`${T}.fields.all_types`)}
              data-testid="webhook-all-types"
            />
            {!values.all && (
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 1 }}>
                {typeGroups().map(({ group, types }) => (
                  <FormGroup key={group}>
                    <Typography variant="subtitle2">{translate(`${T}.groups.${group}`, { _: group })}</Typography>
                    {types.map((type) => (
                      <FormControlLabel
                        key={type}
                        control={<Checkbox size="small" checked={values.event_types.includes(type)} onChange={(e) => toggleType(type, e.target.checked)} />}
                        label={<span dir="ltr">{type}</span>}
                        data-testid={`webhook-type-${type}`}
                      />
                    ))}
                  </FormGroup>
                ))}
              </Box>
            )}
            {typesError && <FormHelperText error>{typesError}</FormHelperText>}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.actions.cancel`)}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="webhook-save">
          {translate(`${T}.actions.${hook ? 'save' : 'create'}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
