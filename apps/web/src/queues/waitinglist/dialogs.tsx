import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import type { Named } from '../hooks';
import type { Ticket } from '../model';

/** One dialog shape for every ticket form: a title, fields, cancel and the action's button. */
export function ActionDialog({
  title,
  children,
  submit,
  onSubmit,
  onClose,
  disabled = false,
  danger = false,
}: {
  title: string;
  children: ReactNode;
  submit: string;
  onSubmit: () => Promise<void> | void;
  onClose: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="ticket-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} disabled={disabled || busy} onClick={go} data-testid="dialog-submit">
          {submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Asks before an action that cannot be undone (revoke, no-show, absent, end). */
export function ConfirmDialog({
  text,
  submit,
  onConfirm,
  onClose,
}: {
  text: string;
  submit: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <ActionDialog title={translate('queues.dialogs.confirm_title')} submit={submit} onSubmit={onConfirm} onClose={onClose} danger>
      <DialogContentText data-testid="confirm-text">{text}</DialogContentText>
      <DialogContentText variant="body2">{translate('queues.dialogs.cannot_undo')}</DialogContentText>
    </ActionDialog>
  );
}

export function NoteDialog({
  ticket,
  noteTypes,
  onSave,
  onClose,
}: {
  ticket: Ticket;
  noteTypes: (Named & { color: string | null })[];
  onSave: (note: string, typeId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const [type, setType] = useState('');
  return (
    <ActionDialog
      title={translate('queues.dialogs.note_title', { label: ticket.label })}
      submit={translate('ra.action.save')}
      disabled={!note.trim()}
      onSubmit={() => onSave(note.trim(), type || null)}
      onClose={onClose}
    >
      <TextField select label={translate('queues.dialogs.note_type')} value={type} onChange={(e) => setType(e.target.value)}>
        <MenuItem value="">{translate('queues.dialogs.no_type')}</MenuItem>
        {noteTypes.map((n) => (
          <MenuItem key={n.id} value={n.id}>
            <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: n.color ?? 'transparent', marginInlineEnd: 8 }} />
            {n.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={translate('queues.dialogs.note_text')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'note-text' } }}
      />
    </ActionDialog>
  );
}

export function MemberDialog({
  ticket,
  members,
  onSave,
  onClose,
}: {
  ticket: Ticket;
  members: Named[];
  onSave: (memberId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [member, setMember] = useState(ticket.member_id ?? '');
  return (
    <ActionDialog
      title={translate('queues.dialogs.member_title', { label: ticket.label })}
      submit={translate('ra.action.save')}
      onSubmit={() => onSave(member || null)}
      onClose={onClose}
    >
      <TextField select label={translate('queues.columns.member')} value={member} onChange={(e) => setMember(e.target.value)} data-testid="member-select">
        <MenuItem value="">{translate('queues.push.anyone')}</MenuItem>
        {members.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}

export function DurationDialog({ ticket, onSave, onClose }: { ticket: Ticket; onSave: (minutes: number) => Promise<void>; onClose: () => void }) {
  const translate = useTranslate();
  const current = ticket.service_seconds ? Math.ceil(ticket.service_seconds / 60) : 10;
  const [minutes, setMinutes] = useState(String(current + 5));
  const n = Number(minutes);
  const valid = Number.isInteger(n) && n >= 1 && n <= 600;
  return (
    <ActionDialog
      title={translate('queues.dialogs.duration_title', { label: ticket.label })}
      submit={translate('ra.action.save')}
      disabled={!valid}
      onSubmit={() => onSave(n)}
      onClose={onClose}
    >
      <TextField
        type="number"
        label={translate('queues.dialogs.duration')}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        helperText={translate('queues.dialogs.duration_hint')}
        slotProps={{ htmlInput: { min: 1, max: 600, 'data-testid': 'duration-minutes' } }}
      />
    </ActionDialog>
  );
}

export function SwapDialog({
  ticket,
  others,
  onSave,
  onClose,
}: {
  ticket: Ticket;
  others: Ticket[];
  onSave: (otherId: string) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [other, setOther] = useState('');
  return (
    <ActionDialog
      title={translate('queues.dialogs.swap_title', { label: ticket.label })}
      submit={translate('queues.ticket.swap')}
      disabled={!other}
      onSubmit={() => onSave(other)}
      onClose={onClose}
    >
      <TextField select label={translate('queues.dialogs.swap_with')} value={other} onChange={(e) => setOther(e.target.value)} data-testid="swap-select">
        {others.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {`${t.rank ?? ''}. ${t.label}${t.customer_name ? ` — ${t.customer_name}` : ''}`}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}

/** Redirecting takes the ticket out of this queue: the dialog names where it goes and asks to confirm. */
export function RedirectDialog({
  ticket,
  queues,
  onSave,
  onClose,
}: {
  ticket: Ticket;
  queues: Named[];
  onSave: (targetId: string, keepNumber: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [target, setTarget] = useState('');
  const [keep, setKeep] = useState(true);
  const targetName = queues.find((q) => q.id === target)?.name;
  return (
    <ActionDialog
      title={translate('queues.dialogs.redirect_title', { label: ticket.label })}
      submit={translate('queues.ticket.redirect')}
      disabled={!target}
      onSubmit={() => onSave(target, keep)}
      onClose={onClose}
      danger
    >
      <TextField
        select
        label={translate('queues.dialogs.target_queue')}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        data-testid="redirect-target"
      >
        {queues.map((q) => (
          <MenuItem key={q.id} value={q.id}>
            {q.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={keep} onChange={(e) => setKeep(e.target.checked)} data-testid="keep-number" />}
        label={translate('queues.dialogs.keep_number')}
      />
      {targetName && (
        <DialogContentText data-testid="confirm-text">
          {translate('queues.dialogs.confirm.redirect', { label: ticket.label, queue: targetName })}
        </DialogContentText>
      )}
    </ActionDialog>
  );
}

export function DelayDialog({ onSave, onClose }: { onSave: (hours: number, minutes: number) => Promise<void>; onClose: () => void }) {
  const translate = useTranslate();
  const [hours, setHours] = useState('0');
  const [minutes, setMinutes] = useState('15');
  const h = Number(hours);
  const m = Number(minutes);
  const valid = Number.isInteger(h) && Number.isInteger(m) && h >= 0 && h <= 24 && m >= 0 && m <= 59;
  return (
    <ActionDialog
      title={translate('queues.queue_actions.delay')}
      submit={translate('queues.queue_actions.announce')}
      disabled={!valid}
      onSubmit={() => onSave(h, m)}
      onClose={onClose}
    >
      <TextField
        type="number"
        label={translate('queues.queue_actions.hours')}
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        slotProps={{ htmlInput: { min: 0, max: 24 } }}
      />
      <TextField
        type="number"
        label={translate('queues.queue_actions.minutes')}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        slotProps={{ htmlInput: { min: 0, max: 59 } }}
      />
    </ActionDialog>
  );
}
