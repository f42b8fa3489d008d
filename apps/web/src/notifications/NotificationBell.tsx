import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useNavigate } from 'react-router-dom';
import { useLocale, useTranslate } from 'react-admin';
import type { StaffNotification } from '@tabour/contracts';
import { useBusinessNotices } from '../live/businessNotices';
import { visuallyHidden } from '../components/a11y';
import { concernsBell, noticeText } from './model';
import { latestNotices, markAllNoticesRead, markNoticeRead } from '../data/notifications';

const KEY = ['staff-notifications'];
const T = 'notifications.bell';

/**
 * The bell's own cache: its background refreshes would otherwise count as the screen loading
 * and flash the app bar's spinner and the progress bar every minute.
 */
const bellQueries = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } });

/** The app bar's bell: how many notices are unread, and the latest ones, each opening its matter. */
export function NotificationBell() {
  return (
    <QueryClientProvider client={bellQueries}>
      <Bell />
    </QueryClientProvider>
  );
}

function Bell() {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const notices = useQuery({
    queryKey: KEY,
    queryFn: () => latestNotices(),
    refetchInterval: 60_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  // A request's notice is written right after the request's event: wait a moment past the change.
  useBusinessNotices(concernsBell, refresh, 1500);
  const read = useMutation({ mutationFn: markNoticeRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllNoticesRead, onSettled: refresh });

  const unread = notices.data?.unread ?? 0;
  const open = (n: StaffNotification) => {
    setAnchor(null);
    if (!n.read_at) read.mutate(n.id);
    if (n.link) navigate(n.link);
  };

  return (
    <>
      {/* Named by its text, hidden but read, and the badge's figure: a label would differ from what shows. */}
      <Tooltip title={translate(`${T}.open`)} describeChild>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} data-testid="notification-bell">
          <Box component="span" sx={visuallyHidden}>
            {translate(`${T}.open`)}
          </Box>
          <Badge badgeContent={unread} max={99} color="error" data-testid="notification-count" data-count={unread}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 360, maxWidth: '90vw' }} data-testid="notification-list">
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
            <Typography variant="subtitle1" component="h2">
              {translate(`${T}.title`)}
            </Typography>
            <Button size="small" onClick={() => readAll.mutate()} disabled={unread === 0 || readAll.isPending} data-testid="notification-read-all">
              {translate(`${T}.read_all`)}
            </Button>
          </Box>
          <Divider />
          {notices.data?.data.length ? (
            <List dense disablePadding>
              {notices.data.data.map((n) => {
                const [key, values] = noticeText(n);
                return (
                  <ListItemButton key={n.id} onClick={() => open(n)} selected={!n.read_at} data-testid="notification-item">
                    <ListItemText
                      primary={translate(key, values)}
                      secondary={new Date(n.created_at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })}
                      slotProps={{ primary: { fontWeight: n.read_at ? 'normal' : 'bold' } }}
                    />
                  </ListItemButton>
                );
              })}
            </List>
          ) : (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate(`${T}.empty`)}
            </Typography>
          )}
        </Box>
      </Popover>
    </>
  );
}
