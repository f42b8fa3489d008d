import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { activityTimelinePath } from './link';

/** "History": the record's whole timeline in the activity log, as a button or a menu entry. */
export function HistoryLink({ recordId, menu = false }: { recordId: string; menu?: boolean }) {
  const translate = useTranslate();
  const to = activityTimelinePath(recordId);
  if (menu)
    return (
      <MenuItem component={Link} to={to} data-testid="record-history">
        <ListItemIcon>
          <HistoryIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('activity.history')}</ListItemText>
      </MenuItem>
    );
  return (
    <Button component={Link} to={to} size="small" startIcon={<HistoryIcon />} data-testid="record-history">
      {translate('activity.history')}
    </Button>
  );
}

/** The History button of a record's page (the customer's): the record comes from the page's context. */
export function RecordHistoryButton() {
  const record = useRecordContext();
  return record ? <HistoryLink recordId={String(record.id)} /> : null;
}
