import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { PgEventStore } from '@tabour/eventstore';
import {
  businessProfile,
  businessProfiles,
  businessWorkingDays,
  businessZone,
  businessZones,
  dayBounds,
  localDay,
  openingHoursOn,
  todayIn,
  type BusinessProfile,
  type WorkingDays,
} from '@tabour/organisation';
import { Db } from '@tabour/platform';
import { DB, EVENT_STORE } from '../common/tokens';

const ZONE_TTL_MS = 60_000;

/**
 * The business calendar (docs/organisation.md#the-business-calendar): the business's zone and
 * the days it makes, for every context that counts days (ticket numbers, statistics, reminders,
 * bookings, invoices, the activity log).
 *
 * The zone is read once a minute per business: another process's change of zone takes effect
 * within that; this process's own (an appended `BusinessInformationUpdated` that sets it) at once.
 */
@Injectable()
export class BusinessCalendar implements OnModuleInit, OnModuleDestroy {
  private readonly zonesCache = new Map<string, { zone: string; until: number }>();
  private unhook: (() => void) | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(EVENT_STORE) private readonly store: PgEventStore,
  ) {}

  onModuleInit(): void {
    this.unhook = this.store.onAppended((result) => {
      for (const e of result.events) {
        if (e.type !== 'BusinessInformationUpdated') continue;
        const data = e.data as { business_id?: string; changes?: { time_zone?: string } };
        if (data.business_id && data.changes?.time_zone !== undefined) this.forget(data.business_id);
      }
    });
  }

  onModuleDestroy(): void {
    this.unhook?.();
  }

  /** The business's IANA zone (the default zone for a business not yet projected). */
  async zone(tenantId: string): Promise<string> {
    const hit = this.zonesCache.get(tenantId);
    if (hit && hit.until > Date.now()) return hit.zone;
    const zone = await businessZone(this.db, tenantId);
    this.remember(tenantId, zone);
    return zone;
  }

  /** The zones of several businesses, for a sweep; a business with no profile is left out. */
  async zones(tenantIds: readonly string[]): Promise<Map<string, string>> {
    const now = Date.now();
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(tenantIds)) {
      const hit = this.zonesCache.get(id);
      if (hit && hit.until > now) out.set(id, hit.zone);
      else missing.push(id);
    }
    for (const [id, zone] of await businessZones(this.db, missing)) {
      this.remember(id, zone);
      out.set(id, zone);
    }
    return out;
  }

  /** The instant now and the business's local day at it. */
  async now(tenantId: string): Promise<{ at: string; day: string }> {
    const zone = await this.zone(tenantId);
    const now = DateTime.now();
    return { at: now.toUTC().toISO()!, day: now.setZone(zone).toISODate()! };
  }

  /** The business's local date now (YYYY-MM-DD). */
  async today(tenantId: string, now: Date = new Date()): Promise<string> {
    return todayIn(await this.zone(tenantId), now);
  }

  /** The business's local date of an instant. */
  async dayOf(tenantId: string, instant: Date | string): Promise<string> {
    return localDay(instant, await this.zone(tenantId));
  }

  /** The instants a local day begins and ends, [start, end): 23 or 25 hours apart on a daylight-saving change. */
  async dayBounds(tenantId: string, day: string): Promise<{ start: Date; end: Date }> {
    return dayBounds(day, await this.zone(tenantId));
  }

  /** The business's week of opening hours (local HH:mm), null while never set. Read fresh: a saved week applies at once. */
  workingDays(tenantId: string): Promise<WorkingDays | null> {
    return businessWorkingDays(this.db, tenantId);
  }

  /** A local day's opening hours as instants. */
  async openingHours(tenantId: string, day: string): Promise<{ from: Date; to: Date }[]> {
    const [zone, days] = await Promise.all([this.zone(tenantId), this.workingDays(tenantId)]);
    return openingHoursOn(days, day, zone);
  }

  /** Drops a business's cached zone, so the next read asks the table. */
  forget(tenantId: string): void {
    this.zonesCache.delete(tenantId);
  }

  private remember(tenantId: string, zone: string): void {
    this.zonesCache.set(tenantId, { zone, until: Date.now() + ZONE_TTL_MS });
  }
}

/** Who a business is for other contexts: its name, contacts, address and booking switches (not its zone: the calendar's). */
@Injectable()
export class BusinessDirectory {
  constructor(@Inject(DB) private readonly db: Db) {}

  profile(tenantId: string): Promise<BusinessProfile | undefined> {
    return businessProfile(this.db, tenantId);
  }

  profiles(tenantIds: readonly string[]): Promise<Map<string, BusinessProfile>> {
    return businessProfiles(this.db, tenantIds);
  }
}
