import { useCallback, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import type { DatesSetArg, EventClickArg, EventDropArg } from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import ptLocale from '@fullcalendar/core/locales/pt';
import ruLocale from '@fullcalendar/core/locales/ru';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Loading, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Booking } from '@tabour/contracts';
import { bookingsInRange, rescheduleBooking } from '../data/bookings';
import { byId, useBusinessZone, useDepartments, useWorkingDays } from '../data/lookups';
import { BookingDialog, type DialogTarget } from './BookingDialog';
import { businessHoursOf, eventOf, rangeOf, refusalText, SHOWN_STATUSES, visibleHours } from './model';
import { useBookingChanges } from './useBookingChanges';

// English is FullCalendar's own default; the other six come from its maintained locales.
const LOCALES = { ar: arLocale, de: deLocale, es: esLocale, fr: frLocale, pt: ptLocale, ru: ruLocale };

/**
 * The appointment book: day, week, month and list views in the business's time zone,
 * coloured by department; drag to reschedule, click a free time to book, live.
 */
export default function BookingCalendar() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const zone = useBusinessZone();
  const departments = useDepartments();
  const workingDays = useWorkingDays();
  const hours = visibleHours(workingDays);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [department, setDepartment] = useState('');
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  const calendar = useRef<FullCalendar>(null);

  const key = ['bookings', 'range', range?.from, range?.to, department];
  const bookings = useQuery({
    queryKey: key,
    queryFn: () => bookingsInRange({ ...range!, department_id: department || null }),
    enabled: !!range,
  });
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['bookings', 'range'] }), [queryClient]);
  useBookingChanges(refresh);

  const deps = useMemo(() => byId(departments.data), [departments.data]);
  const untitled = translate('bookings.fields.customer');
  const events = useMemo(
    () => (bookings.data ?? []).filter((b) => SHOWN_STATUSES.includes(b.status)).map((b) => eventOf(b, deps, untitled)),
    [bookings.data, deps, untitled],
  );
  const byBooking = useMemo(() => byId<Booking>(bookings.data), [bookings.data]);

  const onDates = (arg: DatesSetArg) => {
    const next = rangeOf(arg.startStr, arg.endStr);
    setRange((r) => (r?.from === next.from && r?.to === next.to ? r : next));
  };
  const onDrop = async (arg: EventDropArg) => {
    try {
      await rescheduleBooking(arg.event.id, arg.event.startStr);
      notify('bookings.calendar.moved', { type: 'success' });
      refresh();
    } catch (e) {
      // The book refused the new time (full, closed, a member busy): the event goes back and says why.
      arg.revert();
      notify(refusalText(e), { type: 'error' });
    }
  };
  const onDateClick = (arg: DateClickArg) =>
    setDialog({ start: arg.allDay ? null : arg.dateStr, date: arg.dateStr.slice(0, 10), department_id: department || null });
  const onEventClick = (arg: EventClickArg) => {
    const b = byBooking[arg.event.id];
    if (b) setDialog({ booking: b, date: b.date, start: null, department_id: b.department_id });
  };

  if (!zone) return <Loading />;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="bookings-calendar">
      <Title title="bookings.calendar.title" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {translate('bookings.calendar.title')}
        </Typography>
        <TextField
          select
          size="small"
          fullWidth={false}
          sx={{ width: 260 }}
          label={translate('bookings.fields.department')}
          value={department}
          onChange={(e) => setDepartment(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'calendar-department' } }}
        >
          <MenuItem value="">{translate('bookings.calendar.all_departments')}</MenuItem>
          {(departments.data ?? []).map((d) => (
            <MenuItem key={d.id} value={d.id}>
              <Box
                component="span"
                sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', bgcolor: d.primary_color || 'primary.main', mr: 1 }}
              />
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <Button component={Link} to="/bookings/availability" startIcon={<EventAvailableIcon />}>
          {translate('bookings.calendar.availability')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ start: null, date: null, department_id: department || null })}
          data-testid="new-booking"
        >
          {translate('bookings.calendar.new_booking')}
        </Button>
      </Box>
      {/* Quarter-hour rows tall enough that a half-hour booking shows its time and its customer. */}
      <Card sx={{ p: 1, '& .fc-timegrid-slot': { height: '1.75em' } }} dir={dir}>
        <FullCalendar
          ref={calendar}
          plugins={[luxonPlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          timeZone={zone}
          locales={Object.values(LOCALES)}
          locale={locale === 'en' ? 'en' : locale}
          direction={dir}
          initialView="timeGridWeek"
          headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth,listWeek' }}
          // FullCalendar's icon fonts are role="img" without a text; arrows as text keep the buttons accessible (named by the locale's hints).
          buttonIcons={false}
          buttonText={{
            prev: dir === 'rtl' ? '›' : '‹',
            next: dir === 'rtl' ? '‹' : '›',
            today: translate('bookings.calendar.buttons.today'),
            day: translate('bookings.calendar.buttons.day'),
            week: translate('bookings.calendar.buttons.week'),
            month: translate('bookings.calendar.buttons.month'),
            list: translate('bookings.calendar.buttons.list'),
          }}
          noEventsText={translate('bookings.calendar.no_events')}
          nowIndicator
          allDaySlot={false}
          slotDuration="00:15:00"
          businessHours={businessHoursOf(workingDays)}
          slotMinTime={hours.min}
          slotMaxTime={hours.max}
          height="auto"
          editable
          eventDurationEditable={false}
          events={events}
          datesSet={onDates}
          eventDrop={onDrop}
          dateClick={onDateClick}
          eventClick={onEventClick}
        />
      </Card>
      {dialog && <BookingDialog target={dialog} zone={zone} onClose={() => setDialog(null)} onSaved={refresh} />}
    </Box>
  );
}
