import type { InlineProjection, ProjectionDb } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { DISPLAY_EVENT_TYPES, DisplayEvent } from './display';
import { KIOSK_EVENT_TYPES, KioskEvent } from './kiosk';
import './tables';

type Db = ProjectionDb<Database>;

/** Kiosks and displays share one shape of read row: identity columns plus the settings as JSON. */
async function apply(
  db: Db,
  table: 'kiosks' | 'displays',
  e: {
    kind: 'created' | 'updated' | 'deleted';
    id: string;
    tenant: string;
    key?: string;
    settings?: Record<string, unknown>;
    changes?: Record<string, unknown>;
  },
  at: Date,
) {
  const row = db.updateTable(table).where('tenant_id', '=', e.tenant).where('id', '=', e.id);
  if (e.kind === 'created') {
    const s = e.settings!;
    await db
      .insertInto(table)
      .values({
        id: e.id,
        tenant_id: e.tenant,
        key: e.key!,
        name: String(s.name),
        status: String(s.status),
        settings: JSON.stringify(s),
        created_at: at,
        updated_at: at,
      })
      .execute();
  } else if (e.kind === 'updated') {
    const current = await db.selectFrom(table).select('settings').where('tenant_id', '=', e.tenant).where('id', '=', e.id).executeTakeFirst();
    if (!current) return;
    const settings = { ...current.settings, ...e.changes };
    await row.set({ settings: JSON.stringify(settings), name: String(settings.name), status: String(settings.status), updated_at: at }).execute();
  } else {
    await db.deleteFrom(table).where('tenant_id', '=', e.tenant).where('id', '=', e.id).execute();
  }
}

export const kioskProjection: InlineProjection<KioskEvent, Database> = {
  name: 'devices.kiosks',
  tables: ['kiosks'],
  handles: KIOSK_EVENT_TYPES,
  async apply(trx, events) {
    for (const e of events) {
      const base = { id: e.data.kiosk_id, tenant: e.data.business_id };
      if (e.type === 'KioskCreated')
        await apply(trx, 'kiosks', { ...base, kind: 'created', key: e.data.key, settings: e.data.settings as never }, e.recordedAt);
      else if (e.type === 'KioskUpdated') await apply(trx, 'kiosks', { ...base, kind: 'updated', changes: e.data.changes as never }, e.recordedAt);
      else if (e.type === 'KioskDeleted') await apply(trx, 'kiosks', { ...base, kind: 'deleted' }, e.recordedAt);
    }
  },
};

export const displayProjection: InlineProjection<DisplayEvent, Database> = {
  name: 'devices.displays',
  tables: ['displays'],
  handles: DISPLAY_EVENT_TYPES,
  async apply(trx, events) {
    for (const e of events) {
      const base = { id: e.data.display_id, tenant: e.data.business_id };
      if (e.type === 'DisplayCreated')
        await apply(trx, 'displays', { ...base, kind: 'created', key: e.data.key, settings: e.data.settings as never }, e.recordedAt);
      else if (e.type === 'DisplayUpdated') await apply(trx, 'displays', { ...base, kind: 'updated', changes: e.data.changes as never }, e.recordedAt);
      else if (e.type === 'DisplayDeleted') await apply(trx, 'displays', { ...base, kind: 'deleted' }, e.recordedAt);
    }
  },
};

export const DEVICE_PROJECTIONS = [kioskProjection, displayProjection];
