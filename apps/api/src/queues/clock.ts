import { Injectable } from '@nestjs/common';
import { BusinessCalendar } from '../organisation/calendar';

/**
 * The instant and the business-local day a ticket command happens on. Ticket numbers restart
 * and the day-end sweep runs by the business's own calendar, not the server's: the
 * organisation's `BusinessCalendar`, which keeps the zone (a minute per business).
 */
@Injectable()
export class QueueClock {
  constructor(private readonly calendar: BusinessCalendar) {}

  now(tenantId: string): Promise<{ at: string; day: string }> {
    return this.calendar.now(tenantId);
  }

  zone(tenantId: string): Promise<string> {
    return this.calendar.zone(tenantId);
  }
}
