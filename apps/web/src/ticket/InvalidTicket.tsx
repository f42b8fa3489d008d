import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { TicketShell } from './TicketShell';

export function InvalidTicket() {
  const translate = useTranslate();
  return (
    <TicketShell title={translate('ticket.invalid_title')}>
      <Typography data-testid="ticket-invalid">{translate('ticket.invalid_body')}</Typography>
    </TicketShell>
  );
}
