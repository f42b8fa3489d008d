import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { WEEKDAYS, type WorkingDay } from '@tabour/contracts';

/** Opening hours per weekday: open or closed, and one or more ranges of HH:mm. */
export function WorkingDaysEditor({ value, onChange }: { value: WorkingDay[] | null | undefined; onChange: (days: WorkingDay[]) => void }) {
  const translate = useTranslate();
  const week = fullWeek(value);
  const update = (i: number, next: WorkingDay) => onChange(week.map((d, j) => (i === j ? next : d)));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {week.map((d, i) => (
        <Box key={d.day} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid={`day-${d.day}`}>
          <Typography sx={{ width: 110 }}>{translate(`app.days.${d.day}`)}</Typography>
          <Switch
            checked={d.open}
            onChange={(e) =>
              update(i, { ...d, open: e.target.checked, ranges: e.target.checked && d.ranges.length === 0 ? [{ from: '08:00', to: '17:00' }] : d.ranges })
            }
            slotProps={{ input: { 'aria-label': translate(`app.days.${d.day}`) } }}
          />
          <Typography sx={{ width: 70 }} color="text.secondary">
            {translate(d.open ? 'app.business.open' : 'app.business.closed')}
          </Typography>
          {d.open &&
            d.ranges.map((r, k) => (
              <Box key={k} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <TextField
                  type="time"
                  size="small"
                  label={translate('app.business.from')}
                  value={r.from}
                  onChange={(e) => update(i, { ...d, ranges: d.ranges.map((x, m) => (m === k ? { ...x, from: e.target.value } : x)) })}
                />
                <TextField
                  type="time"
                  size="small"
                  label={translate('app.business.to')}
                  value={r.to}
                  onChange={(e) => update(i, { ...d, ranges: d.ranges.map((x, m) => (m === k ? { ...x, to: e.target.value } : x)) })}
                />
                <IconButton aria-label={translate('app.business.remove_range')} onClick={() => update(i, { ...d, ranges: d.ranges.filter((_, m) => m !== k) })}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          {d.open && (
            <IconButton
              aria-label={translate('app.business.add_range')}
              onClick={() => update(i, { ...d, ranges: [...d.ranges, { from: '13:00', to: '17:00' }] })}
            >
              <AddIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Seven days, Monday first, filling the days a record lacks as closed. */
export function fullWeek(days: unknown): WorkingDay[] {
  // A form gives '' for a business that never set its days.
  const given = Array.isArray(days) ? (days as WorkingDay[]) : [];
  return WEEKDAYS.map((day) => given.find((d) => d.day === day) ?? { day, open: false, ranges: [] });
}
