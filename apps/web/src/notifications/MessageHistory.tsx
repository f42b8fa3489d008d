import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EmailIcon from '@mui/icons-material/Email';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import SmsIcon from '@mui/icons-material/Sms';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useLocale, useTranslate } from 'react-admin';
import type { Channel, MessageRecord } from '@tabour/contracts';
import { useBusinessZone } from '../data/lookups';
import { MessageStatusChip } from '../settings/sms';
import { messagesAbout } from '../data/notifications';

const T = 'notifications.history';
const PER_PAGE = 10;
/** Statuses move as the providers report; a history left open catches up without a reload. */
const REFRESH_MS = 15_000;

const ICONS: Record<Channel, React.ReactElement> = {
  sms: <SmsIcon fontSize="small" />,
  email: <EmailIcon fontSize="small" />,
  push: <NotificationsActiveIcon fontSize="small" />,
};

/** Why a message was not sent, as the outbox records it; anything else is the provider's own text. */
const SKIP_REASONS = ['sms_allowance_used_up', 'sms_opted_out', 'customer_erased'] as const;

export type MessageHistorySubject = { customerId: string } | { ticketId: string } | { bookingId: string };

const queryOf = (s: MessageHistorySubject): [string, string] =>
  'customerId' in s ? ['customer_id', s.customerId] : 'ticketId' in s ? ['ticket_id', s.ticketId] : ['booking_id', s.bookingId];

/**
 * The messages sent about a customer, a ticket or a booking, newest first: when (in the
 * business's zone), what, on which channel, to whom, how it went, and the text itself.
 */
export function MessageHistory(subject: MessageHistorySubject) {
  const translate = useTranslate();
  const locale = useLocale();
  const zone = useBusinessZone();
  const [page, setPage] = useState(1);
  const [key, id] = queryOf(subject);
  const { data, isPending, isError, error } = useQuery({
    queryKey: ['notification-messages', key, id, page],
    queryFn: () => messagesAbout(key, id, page, PER_PAGE),
    refetchInterval: REFRESH_MS,
  });
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (isError) return <Typography color="error">{(error as Error).message}</Typography>;
  if (!data.data.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="message-history-empty">
        {translate(`${T}.empty`)}
      </Typography>
    );
  const when = (iso: string) => {
    const at = DateTime.fromISO(iso, zone ? { zone } : {}).setLocale(locale);
    return at.toLocaleString(DateTime.DATETIME_MED);
  };
  const problem = (m: MessageRecord) => {
    if (!m.error) return null;
    const known = (SKIP_REASONS as readonly string[]).includes(m.error);
    return (
      <Typography variant="caption" color={m.status === 'skipped' ? 'text.secondary' : 'error'} component="div" dir={known ? undefined : 'auto'}>
        {known ? translate(`${T}.reasons.${m.error}`) : m.error}
      </Typography>
    );
  };
  return (
    <Box data-testid="message-history">
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${T}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${T}.columns.when`)}</TableCell>
              <TableCell>{translate(`${T}.columns.type`)}</TableCell>
              <TableCell>{translate(`${T}.columns.recipient`)}</TableCell>
              <TableCell>{translate(`${T}.columns.status`)}</TableCell>
              <TableCell>{translate(`${T}.columns.message`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.map((m) => (
              <TableRow key={m.id} data-testid="message-row" data-type={m.message_type} data-channel={m.channel} data-status={m.status}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {when(m.created_at)}
                  {m.sent_at && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate(`${T}.sent_at`, { time: when(m.sent_at) })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{translate(`notifications.types.${m.message_type}`, { _: m.message_type })}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <Tooltip title={translate(`notifications.channels.${m.channel}`)}>
                      <Box
                        component="span"
                        role="img"
                        aria-label={translate(`notifications.channels.${m.channel}`)}
                        sx={{ display: 'inline-flex', color: 'action.active' }}
                      >
                        {ICONS[m.channel]}
                      </Box>
                    </Tooltip>
                    <span dir="ltr">{m.recipient || '—'}</span>
                  </Box>
                </TableCell>
                <TableCell>
                  <MessageStatusChip status={m.status} />
                  {problem(m)}
                </TableCell>
                <TableCell>
                  {m.subject && (
                    <Typography variant="body2" fontWeight="bold" dir="auto">
                      {m.subject}
                    </Typography>
                  )}
                  <Typography variant="body2" dir="auto" sx={{ maxWidth: 420, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.body || '—'}
                  </Typography>
                  {m.segments !== null && (
                    <Typography variant="caption" color="text.secondary">
                      {translate(`${T}.segments`, { segments: m.segments })}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {data.last_page > 1 && <Pagination sx={{ mt: 1 }} page={page} count={data.last_page} onChange={(_e, p) => setPage(p)} />}
    </Box>
  );
}
