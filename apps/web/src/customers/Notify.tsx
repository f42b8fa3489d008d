import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useDataProvider, useListContext, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { TabourDataProvider } from '../data/dataProvider';
import type { HttpError } from '../data/http';

/** The message form: e-mail or SMS to the given customers (POST /business/customer/notify). */
export function NotifyForm({ ids, onDone }: { ids: Identifier[]; onDone?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TabourDataProvider>();
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const res = await dataProvider.notifyCustomers({
        customer_ids: ids,
        channel,
        message,
        ...(channel === 'email' && subject ? { subject } : {}),
      });
      notify('customers.notify.sent', { type: 'success', messageArgs: { sent: res.sent } });
      setMessage('');
      onDone?.();
    } catch (e) {
      const err = e as HttpError;
      notify(err.body?.code === 'sms_unavailable' ? 'customers.notify.sms_unavailable' : err.message, { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560, pt: 1 }} data-testid="notify-form">
      <TextField select label={translate('customers.notify.channel')} value={channel} onChange={(e) => setChannel(e.target.value as 'email' | 'sms')}>
        <MenuItem value="email">{translate('customers.notify.email')}</MenuItem>
        <MenuItem value="sms">{translate('customers.notify.sms')}</MenuItem>
      </TextField>
      {channel === 'email' && <TextField label={translate('customers.notify.subject')} value={subject} onChange={(e) => setSubject(e.target.value)} />}
      <TextField label={translate('customers.notify.message')} value={message} onChange={(e) => setMessage(e.target.value)} multiline minRows={3} required />
      <Box>
        <Button variant="contained" startIcon={<SendIcon />} disabled={sending || !message.trim()} onClick={send}>
          {translate('customers.notify.send')}
        </Button>
      </Box>
    </Box>
  );
}

export function NotifyBulkButton() {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<SendIcon />} onClick={() => setOpen(true)} data-testid="notify-bulk">
        {translate('customers.notify.action')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('customers.notify.title')}</DialogTitle>
        <DialogContent>
          <NotifyForm
            ids={selectedIds}
            onDone={() => {
              setOpen(false);
              onUnselectItems();
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
