import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useLocale, useTranslate } from 'react-admin';
import { minutes } from '../ticket';
import { localName, type KioskTicket } from './model';
import { formatInstant } from '../i18n/format';

/**
 * The ticket as the customer takes it away: the screen shows it, and printing keeps only this
 * (the print stylesheet of KioskFrame) on an 80 mm receipt. The short format has the number,
 * queue, wait and code; the long one adds the business, the people ahead and the time.
 */
export function TicketReceipt({ ticket, business, zone, format }: { ticket: KioskTicket; business: string; zone?: string | null; format: 'short' | 'long' }) {
  const translate = useTranslate();
  const locale = useLocale();
  const wait = minutes(ticket.estimated_wait_seconds);
  return (
    <Box
      id="kiosk-receipt"
      data-testid="kiosk-ticket"
      data-uid={ticket.uid}
      data-label={ticket.label}
      sx={{
        bgcolor: 'var(--kiosk-v2-ticket, #ffffff)',
        color: '#1a1a1a',
        borderRadius: 3,
        boxShadow: 3,
        p: 4,
        textAlign: 'center',
        width: '100%',
        maxWidth: 460,
      }}
    >
      {format === 'long' && (
        <Typography fontWeight={700} sx={{ mb: 1 }}>
          {business}
        </Typography>
      )}
      <Typography>{translate('kiosk.ticket.your_number')}</Typography>
      <Typography className="receipt-label" sx={{ fontSize: '5rem', fontWeight: 800, lineHeight: 1.1 }} data-testid="kiosk-ticket-label">
        {ticket.label}
      </Typography>
      <Typography variant="h6" component="p" data-testid="kiosk-ticket-queue">
        {localName(ticket.queue, locale)}
      </Typography>
      <Typography sx={{ mt: 1 }} data-testid="kiosk-ticket-estimate">
        {wait === null ? translate('kiosk.ticket.estimate_unknown') : translate('kiosk.ticket.estimate', { count: wait })}
      </Typography>
      {format === 'long' && (
        <>
          <Typography>{ticket.ahead === 0 ? translate('ticket.ahead_none') : translate('kiosk.ticket.ahead', { count: ticket.ahead })}</Typography>
          <Typography variant="body2">{formatInstant(ticket.checked_in_at, locale, zone)}</Typography>
        </>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
        <QRCodeSVG value={ticket.link} size={168} level="M" title={translate('kiosk.ticket.qr')} role="img" aria-label={translate('kiosk.ticket.qr')} />
      </Box>
      <Typography variant="body2">{translate('kiosk.ticket.scan')}</Typography>
      {format === 'long' && (
        <Typography variant="caption" component="p" sx={{ wordBreak: 'break-all', mt: 1 }}>
          {ticket.link}
        </Typography>
      )}
    </Box>
  );
}
