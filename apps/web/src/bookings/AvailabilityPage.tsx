import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Loading, Title, useTranslate } from 'react-admin';
import { useBusinessZone, useDepartments, useMembers } from '../data/lookups';
import { MemberSelect } from './MemberSelect';
import { bookableMembers, refusalText, todayIn } from './model';
import { useWeekAvailability, WeekGrid, WeekNav } from './SlotPicker';

/** A department's (and optionally one member's) free slots over a chosen week, with the reasons for empty days. */
export default function AvailabilityPage() {
  const translate = useTranslate();
  const zone = useBusinessZone();
  const departments = useDepartments();
  const members = useMembers();
  const [chosen, setChosen] = useState('');
  const [memberId, setMemberId] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const departmentId = chosen || departments.data?.[0]?.id || '';
  const day = date ?? todayIn(zone);
  const week = useWeekAvailability(departmentId && zone ? { department_id: departmentId, member_id: memberId || null, date: day } : null, zone ?? 'UTC');
  const bookable = bookableMembers(members.data, departmentId);

  if (!zone) return <Loading />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid="bookings-availability">
      <Title title="bookings.availability.title" />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('bookings.availability.title')}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              fullWidth={false}
              sx={{ minWidth: 220 }}
              label={translate('bookings.fields.department')}
              value={departmentId}
              onChange={(e) => {
                setChosen(e.target.value);
                setMemberId('');
              }}
              slotProps={{ htmlInput: { 'data-testid': 'availability-department' } }}
            >
              {(departments.data ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.name}
                </MenuItem>
              ))}
            </TextField>
            <MemberSelect members={bookable} value={memberId} onChange={setMemberId} minWidth={220} />
            <TextField
              size="small"
              fullWidth={false}
              type="date"
              label={translate('bookings.availability.week_of')}
              value={day}
              onChange={(e) => e.target.value && setDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <WeekNav date={day} zone={zone} onChange={setDate} />
          </Box>
          {!departmentId && <Typography>{translate('bookings.dialog.pick_department')}</Typography>}
          {week.error && <Alert severity="error">{translate(refusalText(week.error))}</Alert>}
          {week.isLoading && <Loading />}
          {week.data && (
            <>
              <Typography variant="body2">{translate('bookings.availability.duration', { minutes: week.data.duration })}</Typography>
              <WeekGrid data={week.data} />
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
