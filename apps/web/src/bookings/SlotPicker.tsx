import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Availability, FreeSlot } from '@tabour/contracts';
import { availability } from '../data/bookings';
import { reasonKey, shiftDate, weekOf } from './model';

export interface WeekQuery {
  department_id: string;
  member_id?: string | null;
  service_ids?: string[];
  /** Any date of the week shown. */
  date: string;
}

/** One week's free slots of a department (and member, services), read from the availability call. */
export function useWeekAvailability(q: WeekQuery | null, zone: string) {
  const week = q ? weekOf(q.date, zone) : null;
  return useQuery({
    queryKey: ['bookings', 'available', q?.department_id, q?.member_id ?? null, (q?.service_ids ?? []).join(','), week?.from],
    queryFn: () => availability({ department_id: q!.department_id, member_id: q!.member_id, service_ids: q!.service_ids, from: week!.from, to: week!.to }),
    enabled: !!q,
  });
}

/** Previous and next week around the week's first day. */
export function WeekNav({ date, zone, onChange }: { date: string; zone: string; onChange: (date: string) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { from, to } = weekOf(date, zone);
  const fmt = (d: string) => DateTime.fromISO(d).setLocale(locale).toLocaleString(DateTime.DATE_MED);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Tooltip title={translate('bookings.dialog.previous_week')}>
        <IconButton onClick={() => onChange(shiftDate(from, -7))} aria-label={translate('bookings.dialog.previous_week')} data-testid="week-previous">
          <ChevronLeftIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
      </Tooltip>
      <Typography data-testid="week-label">
        {fmt(from)} – {fmt(to)}
      </Typography>
      <Tooltip title={translate('bookings.dialog.next_week')}>
        <IconButton onClick={() => onChange(shiftDate(from, 7))} aria-label={translate('bookings.dialog.next_week')} data-testid="week-next">
          <ChevronRightIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * A week as days × free slots; a day without a slot says why (holiday, full, closed, beyond the
 * limit). With `onPick` the slots are buttons and `selected` is highlighted.
 */
export function WeekGrid({ data, selected, onPick }: { data: Availability; selected?: string | null; onPick?: (slot: FreeSlot) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const same = (a: string, b: string | null | undefined) => !!b && DateTime.fromISO(a).toMillis() === DateTime.fromISO(b).toMillis();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(7, minmax(0, 1fr))' }, gap: 1 }} data-testid="week-grid">
      {data.days.map((day) => (
        <Box key={day.date} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }} data-testid={`day-${day.date}`} data-status={day.status}>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {DateTime.fromISO(day.date).setLocale(locale).toFormat('ccc d LLL')}
          </Typography>
          {day.slots.length ? (
            // A day open around the clock has dozens of slots: the day scrolls (by keyboard too), the week stays in view.
            <Box
              role="group"
              tabIndex={0}
              aria-label={DateTime.fromISO(day.date).setLocale(locale).toLocaleString(DateTime.DATE_HUGE)}
              sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, maxHeight: 360, overflowY: 'auto', pt: 0.5 }}
            >
              {day.slots.map((s) => (
                <Tooltip key={s.starts_at} title={translate('bookings.dialog.remaining', { count: s.remaining })}>
                  <Chip
                    size="small"
                    label={s.time}
                    color={same(s.starts_at, selected) ? 'primary' : 'default'}
                    variant={same(s.starts_at, selected) ? 'filled' : 'outlined'}
                    onClick={onPick ? () => onPick(s) : undefined}
                    data-testid={`slot-${day.date}-${s.time}`}
                  />
                </Tooltip>
              ))}
            </Box>
          ) : (
            <Alert
              severity={day.status === 'holiday' ? 'info' : 'warning'}
              icon={false}
              sx={{ p: 0.5, fontSize: '0.75rem' }}
              data-testid={`reason-${day.date}`}
            >
              {translate(reasonKey(day.status))}
            </Alert>
          )}
        </Box>
      ))}
    </Box>
  );
}
