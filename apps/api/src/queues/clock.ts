import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { OrganisationQueries } from '../organisation/queries';

const ZONE_TTL_MS = 60_000;

/**
 * The instant and the business-local day a ticket command happens on. Ticket numbers restart
 * and the day-end sweep runs by the business's own calendar, not the server's.
 */
@Injectable()
export class QueueClock {
  private readonly zones = new Map<string, { zone: string; until: number }>();

  constructor(private readonly organisation: OrganisationQueries) {}

  async now(tenantId: string): Promise<{ at: string; day: string }> {
    const zone = await this.zone(tenantId);
    const now = DateTime.now();
    return { at: now.toUTC().toISO()!, day: now.setZone(zone).toISODate()! };
  }

  /** The zone is read once a minute per business: a change of zone takes effect within that. */
  async zone(tenantId: string): Promise<string> {
    const hit = this.zones.get(tenantId);
    if (hit && hit.until > Date.now()) return hit.zone;
    const zone = await this.organisation.timeZone(tenantId);
    this.zones.set(tenantId, { zone, until: Date.now() + ZONE_TTL_MS });
    return zone;
  }
}
