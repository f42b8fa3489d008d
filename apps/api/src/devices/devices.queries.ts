import { Inject, Injectable } from '@nestjs/common';
import '@tabour/devices';
import type { DeviceSummary, Display, Kiosk, Page, ServerInstant } from '@tabour/contracts';
import { Db, notFound } from '@tabour/platform';
import { likePattern } from '../common/like';
import { selectPage } from '../common/paged-select';
import { PageRequest } from '../common/paging';
import { DB } from '../common/tokens';
import { DeviceCredentials, DeviceKind } from './credentials.service';

/** Reads of kiosks and displays, each filtered by the caller's business; no secret is ever selected. */
@Injectable()
export class DeviceQueries {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly credentials: DeviceCredentials,
  ) {}

  private table(kind: DeviceKind) {
    return kind === 'kiosk' ? ('kiosks' as const) : ('displays' as const);
  }

  async list(
    kind: DeviceKind,
    tenantId: string,
    page: PageRequest,
    opts: { q?: string; lite?: boolean } = {},
  ): Promise<Page<Kiosk<ServerInstant> | Display<ServerInstant> | DeviceSummary>> {
    let base = this.db.selectFrom(this.table(kind)).where('tenant_id', '=', tenantId);
    if (opts.q) base = base.where('name', 'ilike', likePattern(opts.q));
    const found = await selectPage(
      base,
      (b) => b.select(['id', 'key', 'name', 'status', 'settings', 'created_at', 'updated_at']).orderBy('name').orderBy('id'),
      page,
    );
    if (opts.lite) return { ...found, data: found.data.map((d) => ({ id: d.id, name: d.name, status: d.status as DeviceSummary['status'] })) };
    const activity = await this.credentials.activity(found.data.map((d) => d.id));
    return { ...found, data: found.data.map((d) => present(d, activity.get(d.id))) };
  }

  one(kind: 'kiosk', tenantId: string, id: string): Promise<Kiosk<ServerInstant>>;
  one(kind: 'display', tenantId: string, id: string): Promise<Display<ServerInstant>>;
  one(kind: DeviceKind, tenantId: string, id: string): Promise<Kiosk<ServerInstant> | Display<ServerInstant>>;
  async one(kind: DeviceKind, tenantId: string, id: string): Promise<Kiosk<ServerInstant> | Display<ServerInstant>> {
    const d = await this.db
      .selectFrom(this.table(kind))
      .select(['id', 'key', 'name', 'status', 'settings', 'created_at', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!d) throw notFound();
    const activity = await this.credentials.activity([d.id]);
    return present(d, activity.get(d.id));
  }

  /** The device as it sees itself once logged in (no key listing of others, no secret). */
  own(kind: 'kiosk', tenantId: string, id: string): Promise<Kiosk<ServerInstant>>;
  own(kind: 'display', tenantId: string, id: string): Promise<Display<ServerInstant>>;
  own(kind: DeviceKind, tenantId: string, id: string): Promise<Kiosk<ServerInstant> | Display<ServerInstant>>;
  async own(kind: DeviceKind, tenantId: string, id: string): Promise<Kiosk<ServerInstant> | Display<ServerInstant>> {
    return this.one(kind, tenantId, id);
  }
}

/**
 * A device as the settings screens read it. Its settings were checked by its decider before
 * they were stored (checkKiosk, checkDisplay), so the stored JSON is read as the contract's shape.
 */
function present(
  d: { id: string; key: string; name: string; status: string; settings: Record<string, unknown>; created_at: Date; updated_at: Date },
  activity?: { sessions: number; last_seen_at: Date | null },
): Kiosk<ServerInstant> | Display<ServerInstant> {
  return {
    ...(d.settings as unknown as Kiosk<ServerInstant> | Display<ServerInstant>),
    id: d.id,
    key: d.key,
    name: d.name,
    status: d.status as Kiosk['status'],
    created_at: d.created_at,
    updated_at: d.updated_at,
    sessions: activity?.sessions ?? 0,
    last_seen_at: activity?.last_seen_at ?? null,
  };
}
