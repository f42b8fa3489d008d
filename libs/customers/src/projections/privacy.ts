import { sql } from 'kysely';
import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { DEFAULT_PRIVACY, PRIVACY_EVENT_TYPES, type PrivacyEvent } from '../privacy';
import '../tables';

export const DELETE_HISTORY_JOB = 'delete_history';

/** Privacy settings of each business, read by the settings screen and the scheduled job. */
export const privacyProjection: InlineProjection<PrivacyEvent, Database> = {
  name: 'customers.business_privacy',
  tables: ['business_privacy'],
  handles: PRIVACY_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      if (e.type === 'BusinessAccountDeleted') {
        await db.deleteFrom('scheduled_jobs').where('tenant_id', '=', e.data.business_id).execute();
        continue;
      }
      if (e.type !== 'PrivacySettingsUpdated') continue;
      const changes = JSON.stringify(e.data.changes);
      await db
        .insertInto('business_privacy')
        .values({ tenant_id: e.data.business_id, settings: JSON.stringify({ ...DEFAULT_PRIVACY, ...e.data.changes }), updated_at: e.recordedAt })
        .onConflict((oc) =>
          oc.column('tenant_id').doUpdateSet({ settings: sql<string>`business_privacy.settings || ${changes}::jsonb`, updated_at: e.recordedAt }),
        )
        .execute();
      // The scheduled deletion lives as long as the setting is on; its next run is a day after.
      if (e.data.changes.delete_history_daily === true) {
        await db
          .insertInto('scheduled_jobs')
          .values({
            name: DELETE_HISTORY_JOB,
            tenant_id: e.data.business_id,
            next_run_at: new Date(e.recordedAt.getTime() + 24 * 3600 * 1000),
            last_run_at: null,
          })
          .onConflict((oc) => oc.columns(['name', 'tenant_id']).doNothing())
          .execute();
      } else if (e.data.changes.delete_history_daily === false) {
        await db.deleteFrom('scheduled_jobs').where('name', '=', DELETE_HISTORY_JOB).where('tenant_id', '=', e.data.business_id).execute();
      }
    }
  },
};
