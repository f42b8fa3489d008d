import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { Booking, BookingInput, FormValue } from '@tabour/contracts';
import { MessageHistory } from '../notifications';
import { HistoryLink } from '../activity';
import { bookingFormFields, cancelBooking, checkinBooking, createBooking, updateBooking } from '../data/bookings';
import { CustomerField, type PickedCustomer } from './CustomerField';
import { useDepartments, useMembers } from '../data/lookups';
import { BookingFormFields } from './BookingFormFields';
import { BookingWhat } from './BookingWhat';
import { bookableMembers, MOVABLE_STATUSES, refusalText, todayIn } from './model';
import { ResourceSelect, useResourceChoice } from './ResourceSelect';
import { Payments } from './Payments';
import { useWeekAvailability, WeekGrid, WeekNav } from './SlotPicker';

/** What opens the dialog: a booking to edit, or a time (or day) clicked on the calendar. */
export interface DialogTarget {
  booking?: Booking;
  /** The clicked start (ISO with the zone's offset), preselected when it is free. */
  start: string | null;
  date: string | null;
  department_id: string | null;
}

/**
 * Makes or changes a booking: customer, department, services, member, rooms and equipment, a
 * free slot of the week, remarks, the business's booking form fields and, for a saved booking, its payments.
 */
export function BookingDialog({ target, zone, onClose, onSaved }: { target: DialogTarget; zone: string; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const departments = useDepartments();
  const members = useMembers();
  const b = target.booking;
  const onlyDepartment = departments.data?.length === 1 ? departments.data[0].id : '';
  const [customer, setCustomer] = useState<PickedCustomer | null>(b?.customer_id ? { id: b.customer_id, full_name: b.customer_name ?? '' } : null);
  const [departmentId, setDepartmentId] = useState(b?.department_id ?? target.department_id ?? '');
  const [serviceIds, setServiceIds] = useState<string[]>(b?.service_ids ?? []);
  const [memberId, setMemberId] = useState(b?.member_id ?? '');
  const [date, setDate] = useState(target.date ?? b?.date ?? todayIn(zone));
  const [startsAt, setStartsAt] = useState<string | null>(b?.starts_at ?? target.start);
  const [remarks, setRemarks] = useState(b?.remarks ?? '');
  const [extra, setExtra] = useState<Record<string, FormValue>>(b?.additional_data ?? {});
  const [saving, setSaving] = useState(false);

  const department = departments.data?.find((d) => d.id === (departmentId || onlyDepartment));
  const depId = department?.id ?? '';
  const bookable = bookableMembers(members.data, depId);
  const memberNeeded = !!department?.must_select_member && bookable.length > 0;
  const resources = useResourceChoice(b, depId);
  const fields = useQuery({ queryKey: ['bookings', 'form-fields'], queryFn: bookingFormFields, staleTime: 60_000, retry: false });
  const week = useWeekAvailability(depId ? { department_id: depId, member_id: memberId || null, service_ids: serviceIds, date } : null, zone);

  const missing = fields.data?.some((f) => f.required && (extra[f.id] === undefined || extra[f.id] === null || extra[f.id] === ''));
  const ready = !!depId && !!startsAt && !(memberNeeded && !memberId) && !missing && !saving;

  const save = async () => {
    const body: BookingInput = {
      customer_id: customer?.id ?? null,
      department_id: depId,
      service_ids: serviceIds,
      member_id: memberId || null,
      starts_at: startsAt!,
      resource_ids: resources.ids,
      remarks: remarks.trim() || null,
      additional_data: extra,
    };
    setSaving(true);
    try {
      if (b) await updateBooking(b.id, body);
      else await createBooking(body);
      notify(b ? 'bookings.dialog.updated' : 'bookings.dialog.created', { type: 'success' });
      void client.invalidateQueries({ queryKey: ['bookings'] });
      onSaved();
      onClose();
    } catch (e) {
      // A slot taken meanwhile: the refusal says why, and the week shows what is still free.
      notify(refusalText(e), { type: 'error' });
      void week.refetch();
    } finally {
      setSaving(false);
    }
  };
  const act = (run: () => Promise<void>) => async () => {
    try {
      await run();
      onSaved();
      onClose();
    } catch (e) {
      notify(refusalText(e), { type: 'error' });
    }
  };
  const cancel = act(async () => {
    await cancelBooking(b!.id);
    notify('bookings.dialog.cancelled', { type: 'success' });
  });
  const checkin = act(async () => {
    const { ticket } = await checkinBooking(b!.id);
    notify('bookings.dialog.checked_in', { type: 'success', messageArgs: { label: ticket.label } });
  });
  const changeDepartment = (id: string) => {
    setDepartmentId(id);
    setServiceIds([]);
    setMemberId('');
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth data-testid="booking-dialog">
      <DialogTitle>{translate(b ? 'bookings.dialog.title_edit' : 'bookings.dialog.title_new')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <CustomerField value={customer} onChange={setCustomer} />
        <BookingWhat
          departments={departments.data ?? []}
          department={department}
          depId={depId}
          onDepartment={changeDepartment}
          serviceIds={serviceIds}
          setServiceIds={setServiceIds}
          bookable={bookable}
          memberId={memberId}
          setMemberId={setMemberId}
          memberNeeded={memberNeeded}
        />
        <ResourceSelect offered={resources.offered} value={resources.ids} onChange={resources.setIds} />
        <Divider />
        <Typography variant="subtitle1" component="h2">
          {translate('bookings.fields.slot')}
        </Typography>
        {depId ? (
          <>
            <WeekNav date={date} zone={zone} onChange={setDate} />
            {week.data && <WeekGrid data={week.data} selected={startsAt} onPick={(s) => setStartsAt(s.starts_at)} />}
          </>
        ) : (
          <Typography variant="body2">{translate('bookings.dialog.pick_department')}</Typography>
        )}
        <TextField
          size="small"
          multiline
          minRows={2}
          label={translate('bookings.fields.remarks')}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
        />
        {!!fields.data?.length && <BookingFormFields fields={fields.data} extra={extra} setExtra={setExtra} />}
        {b && (
          <>
            <Divider />
            <Payments bookingId={b.id} />
            <Divider />
            <Typography variant="subtitle1" component="h2">
              {translate('notifications.history.title')}
            </Typography>
            <MessageHistory bookingId={b.id} />
            <HistoryLink recordId={b.id} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {b && MOVABLE_STATUSES.includes(b.status) && (
          <Button color="error" onClick={cancel} sx={{ mr: 'auto' }}>
            {translate('bookings.dialog.cancel_booking')}
          </Button>
        )}
        {b && MOVABLE_STATUSES.includes(b.status) && (
          <Button onClick={checkin} data-testid="booking-checkin">
            {translate('bookings.dialog.checkin')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('bookings.dialog.close')}</Button>
        <Button variant="contained" disabled={!ready} onClick={save} data-testid="booking-save">
          {translate('bookings.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
