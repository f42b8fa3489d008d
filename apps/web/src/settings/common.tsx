import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CreateButton, useResourceDefinition, useTranslate } from 'react-admin';
import { WEEKDAYS, type WorkingDay } from '@tabour/contracts';

/** The list title's resource name and an empty list's invitation come from the catalogue. */
export function Empty({ resource }: { resource: string }) {
  const translate = useTranslate();
  const { hasCreate } = useResourceDefinition({ resource });
  return (
    <Box sx={{ p: 4, textAlign: 'center' }} data-testid="empty">
      <Typography variant="h6">{translate('ra.page.empty', { name: translate(`resources.${resource}.name`) })}</Typography>
      {hasCreate && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('ra.page.invite')}
          </Typography>
          <CreateButton variant="contained" />
        </>
      )}
    </Box>
  );
}

// The week and a working day's shape are the contract's, one definition with the API.
export { WEEKDAYS, type Weekday, type WorkingDay } from '@tabour/contracts';

/** Seven days, Monday first, filling the days a record lacks as closed. */
export function fullWeek(days: unknown): WorkingDay[] {
  // A form gives '' for a business that never set its days.
  const given = Array.isArray(days) ? (days as WorkingDay[]) : [];
  return WEEKDAYS.map((day) => given.find((d) => d.day === day) ?? { day, open: false, ranges: [] });
}
