import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { useGetList, useLocale, useNotify, useTranslate } from 'react-admin';
import type { BookingRequest } from '@tabour/contracts';
import { useBusinessZone } from '../../data/lookups';
import { approveRequest, declineRequest, freeSlots } from '../../data/bookingRequests';
import { addDays, approvalChanges, weekStart, when } from './model';

interface Named {
  id: string;
  name: string;
}

/** The local date of an instant as the browser sees it, YYYY-MM-DD. */
const dayOf = (iso: string) => (Number.isNaN(Date.parse(iso)) ? new Date() : new Date(iso)).toLocaleDateString('sv-SE');

/** The week's free slots of the department (and member), one line per day; the chosen one is filled. */
function SlotPicker(props: { departmentId: string; memberId: string | null; serviceIds: string[]; value: string; onChange: (startsAt: string) => void }) {
  const translate = useTranslate();
  const [week, setWeek] = useState(() => weekStart(dayOf(props.value)));
  const q = { department_id: props.departmentId, member_id: props.memberId, service_ids: props.serviceIds, from: week, to: addDays(week, 6) };
  const slots = useQuery({ queryKey: ['booking-request-slots', q], queryFn: () => freeSlots(q), enabled: !!props.departmentId });
  return (
    <Box data-testid="slot-picker">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton aria-label={translate('bookings.requests.previous_week')} onClick={() => setWeek(addDays(week, -7))}>
          <ChevronLeftIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
        <Typography>{translate('bookings.requests.week_of', { date: week })}</Typography>
        <IconButton aria-label={translate('bookings.requests.next_week')} onClick={() => setWeek(addDays(week, 7))}>
          <ChevronRightIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
      </Box>
      {slots.isPending && props.departmentId && <LinearProgress />}
      {slots.isError && <Typography color="error">{(slots.error as Error).message}</Typography>}
      {slots.data?.days.map((d) => (
        <Box key={d.date} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 0.5 }}>
          <Typography sx={{ width: 100 }} variant="body2">
            {d.date}
          </Typography>
          {d.slots.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate(`bookings.requests.day_status.${d.status}`, { _: d.status })}
            </Typography>
          ) : (
            d.slots.map((s) => (
              <Chip
                key={s.starts_at}
                size="small"
                label={s.time}
                color={Date.parse(s.starts_at) === Date.parse(props.value) ? 'primary' : 'default'}
                onClick={() => props.onChange(s.starts_at)}
                data-testid={`slot-${d.date}-${s.time}`}
              />
            ))
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Approve as asked, or with another slot, member or services first. */
/** Runs a request's answer: the dialog stays locked while it is sent, says so on success and shows the refusal otherwise. */
function useAnswer(done: string, onDone: () => void) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await send();
      notify(done, { type: 'success' });
      onDone();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export function ApproveDialog({ request, onClose, onDone }: { request: BookingRequest; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const zone = useBusinessZone();
  const asked = request.data;
  const departmentId = request.department_id ?? asked.department_id;
  const [startsAt, setStartsAt] = useState(asked.starts_at);
  const [memberId, setMemberId] = useState<string | null>(asked.member_id ?? null);
  const [serviceIds, setServiceIds] = useState<string[]>(asked.service_ids ?? []);
  const members = useGetList<Named>('settings/team', { pagination: { page: 1, perPage: 500 } });
  const services = useGetList<Named>('settings/services', { pagination: { page: 1, perPage: 500 } });

  const { busy, run } = useAnswer('bookings.requests.approved', onDone);
  const approve = () => run(() => approveRequest(request.id, approvalChanges(asked, { starts_at: startsAt, member_id: memberId, service_ids: serviceIds })));

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="md">
      <DialogTitle>{translate('bookings.requests.approve_title', { name: request.customer_name ?? '—' })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label={translate('bookings.requests.member')}
          value={memberId ?? ''}
          onChange={(e) => setMemberId(e.target.value || null)}
          data-testid="approve-member"
        >
          <MenuItem value="">{translate('bookings.requests.any_member')}</MenuItem>
          {(members.data ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={translate('bookings.requests.services')}
          value={serviceIds}
          onChange={(e) => setServiceIds(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
          slotProps={{ select: { multiple: true } }}
          data-testid="approve-services"
        >
          {(services.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="subtitle2">
          {translate('bookings.requests.slot')}: {when(startsAt, locale, zone)}
        </Typography>
        <SlotPicker departmentId={departmentId} memberId={memberId} serviceIds={serviceIds} value={startsAt} onChange={setStartsAt} />
      </DialogContent>
      <DialogActions>
        <Button disabled={busy} onClick={onClose}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color="success" disabled={busy} onClick={approve} data-testid="approve-confirm">
          {translate('bookings.requests.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Declining needs a reason: the customer is told it. */
export function DeclineDialog({ request, onClose, onDone }: { request: BookingRequest; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const { busy, run } = useAnswer('bookings.requests.declined', onDone);
  const decline = () => run(() => declineRequest(request.id, reason.trim()));
  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm">
      <DialogTitle>{translate('bookings.requests.decline_title', { name: request.customer_name ?? '—' })}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={translate('bookings.requests.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'decline-reason' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button disabled={busy} onClick={onClose}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={busy || !reason.trim()} onClick={decline} data-testid="decline-confirm">
          {translate('bookings.requests.decline')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
