import type { InlineProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import { API_KEY_EVENT_TYPES, type ApiKeyEvent } from './api-key';
import './tables';

/** The customers context's record of a business deleting its account (libs/customers/src/privacy.ts). */
type AccountDeleted = { type: 'BusinessAccountDeleted'; data: { business_id: string } };

/**
 * The keys list, current when the command returns (the screen shows the new key at once). A
 * deleted account's keys stop working in the same transaction: revoked, their hashes dropped.
 */
export const apiKeysProjection: InlineProjection<ApiKeyEvent | AccountDeleted, Database> = {
  name: 'integrations.api_keys',
  handles: [...API_KEY_EVENT_TYPES, 'BusinessAccountDeleted'],
  tables: ['api_keys'],
  async apply(db, events) {
    for (const e of events) {
      if (e.type === 'ApiKeyCreated') {
        const d = e.data;
        await db
          .insertInto('api_keys')
          .values({
            id: d.key_id,
            tenant_id: d.business_id,
            name: d.name,
            scopes: d.scopes,
            prefix: d.prefix,
            created_by: d.created_by,
            created_at: e.recordedAt,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      } else if (e.type === 'ApiKeyRevoked') {
        await db
          .updateTable('api_keys')
          .set({ revoked_at: e.recordedAt })
          .where('tenant_id', '=', e.data.business_id)
          .where('id', '=', e.data.key_id)
          .execute();
      } else {
        await db
          .updateTable('api_keys')
          .set({ revoked_at: e.recordedAt })
          .where('tenant_id', '=', e.data.business_id)
          .where('revoked_at', 'is', null)
          .execute();
        await db.deleteFrom('api_key_hashes').where('tenant_id', '=', e.data.business_id).execute();
      }
    }
  },
};
