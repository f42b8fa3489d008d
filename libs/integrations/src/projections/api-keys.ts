import { handlerProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { ApiKeyEvent } from '../api-key';
import '../tables';

/** The customers context's record of a business deleting its account (libs/customers/src/privacy.ts). */
type AccountDeleted = { type: 'BusinessAccountDeleted'; data: { business_id: string } };

/**
 * The keys list, current when the command returns (the screen shows the new key at once). A
 * deleted account's keys stop working in the same transaction: revoked, their hashes dropped.
 */
export const apiKeysProjection = handlerProjection<ApiKeyEvent | AccountDeleted, Database>('integrations.api_keys', ['api_keys'], {
  ApiKeyCreated: (db, e) => {
    const { key_id, business_id, ...fields } = e.data;
    return db
      .insertInto('api_keys')
      .values({ id: key_id, tenant_id: business_id, ...fields, created_at: e.recordedAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
  ApiKeyRevoked: (db, e) =>
    db.updateTable('api_keys').set({ revoked_at: e.recordedAt }).where('tenant_id', '=', e.data.business_id).where('id', '=', e.data.key_id).execute(),
  BusinessAccountDeleted: async (db, e) => {
    const tenant = e.data.business_id;
    await db.updateTable('api_keys').set({ revoked_at: e.recordedAt }).where('tenant_id', '=', tenant).where('revoked_at', 'is', null).execute();
    await db.deleteFrom('api_key_hashes').where('tenant_id', '=', tenant).execute();
  },
});
