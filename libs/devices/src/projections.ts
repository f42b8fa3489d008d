import { Kysely, Transaction } from 'kysely';
import type { InlineProjection, RecordedEvent } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { DISPLAY_EVENT_TYPES, DisplayEvent } from './display';
import { KIOSK_EVENT_TYPES, KioskEvent } from './kiosk';
import './tables';

type Db = Transaction<Database> | Kysely<Database>;
type Rec<E extends { type: string; data: unknown }> = E extends unknown ? Omit<RecordedEvent, 'type' | 'data'> & { type: E['type']; data: E['data'] } : never;

/** Kiosks and displays share one shape of read row: identity columns plus the settings as JSON. */
async function apply(db: Db, table: 'kiosks' | 'displays', e: { kind: 'created' | 'updated' | 'deleted'; id: string; tenant: string; key?: string; settings?: Record<string, unknown>; changes?: Record<string, unknown> }, at: Date) {
  const row = db.updateTable(table).where('tenant_id', '=', e.tenant).where('id', '=', e.id);
  if (e.kind === 'created') {
    const s = e.settings!;
    await db.insertInto(table).values({ id: e.id, tenant_id: e.tenant, key: e.key!, name: String(s.name), status: String(s.status), settings: JSON.stringify(s), created_at: at, updated_at: at }).execute();
  } else if (e.kind === 'updated') {
    const current = await db.selectFrom(table).select('settings').where('tenant_id', '=', e.tenant).where('id', '=', e.id).executeTakeFirst();
    if (!current) return;
    const settings = { ...current.settings, ...e.changes };
    await row.set({ settings: JSON.stringify(settings), name: String(settings.name), status: String(settings.status), updated_at: at }).execute();
  } else {
    await db.deleteFrom(table).where('tenant_id', '=', e.tenant).where('id', '=', e.id).execute();
  }
}

export const kioskProjection: InlineProjection = {
  name: 'devices.kiosks',
  tables: ['kiosks'],
  handles: KIOSK_EVENT_TYPES,
  async apply(trx, events) {
    for (const e of events as Rec<KioskEvent>[]) {
      const base = { id: e.data.kiosk_id, tenant: e.data.business_id };
      if (e.type === 'KioskCreated') await apply(trx as Db, 'kiosks', { ...base, kind: 'created', key: e.data.key, settings: e.data.settings as never }, e.recordedAt);
      else if (e.type === 'KioskUpdated') await apply(trx as Db, 'kiosks', { ...base, kind: 'updated', changes: e.data.changes as never }, e.recordedAt);
      else if (e.type === 'KioskDeleted') await apply(trx as Db, 'kiosks', { ...base, kind: 'deleted' }, e.recordedAt);
    }
  },
};

export const displayProjection: InlineProjection = {
  name: 'devices.displays',
  tables: ['displays'],
  handles: DISPLAY_EVENT_TYPES,
  async apply(trx, events) {
    for (const e of events as Rec<DisplayEvent>[]) {
      const base = { id: e.data.display_id, tenant: e.data.business_id };
      if (e.type === 'DisplayCreated') await apply(trx as Db, 'displays', { ...base, kind: 'created', key: e.data.key, settings: e.data.settings as never }, e.recordedAt);
      else if (e.type === 'DisplayUpdated') await apply(trx as Db, 'displays', { ...base, kind: 'updated', changes: e.data.changes as never }, e.recordedAt);
      else if (e.type === 'DisplayDeleted') await apply(trx as Db, 'displays', { ...base, kind: 'deleted' }, e.recordedAt);
    }
  },
};

export const DEVICE_PROJECTIONS = [kioskProjection, displayProjection];
