import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';
import type { KioskSettings, KioskTicket } from '../model';
import { TicketReceipt } from '../TicketReceipt';
import { StepTitle } from './parts';

/** The ticket taken: its receipt, whether it went by SMS, printing where the kiosk prints, and done. */
export function TicketStep({
  kiosk,
  ticket,
  business,
  zone,
  reset,
}: {
  kiosk: KioskSettings;
  ticket: KioskTicket;
  business: string;
  zone?: string | null;
  reset: () => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <StepTitle text={translate('kiosk.ticket.title')} />
      <TicketReceipt ticket={ticket} business={business} zone={zone} format={kiosk.ticket_format} />
      {ticket.sms === 'sent' && (
        <Typography sx={{ mt: 2 }} role="status">
          {translate('kiosk.ticket.sms_sent')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap', justifyContent: 'center' }}>
        {kiosk.print_ticket && (
          <Button variant="contained" size="large" startIcon={<PrintIcon />} onClick={() => window.print()} data-testid="kiosk-print">
            {translate('kiosk.ticket.print')}
          </Button>
        )}
        <Button variant="outlined" size="large" onClick={reset} data-testid="kiosk-done" sx={{ bgcolor: '#ffffff' }}>
          {translate('kiosk.ticket.done')}
        </Button>
      </Box>
    </>
  );
}
