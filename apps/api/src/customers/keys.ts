import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { rememberKey } from '@tabour/customers';
import { newDataKey } from '@tabour/privacy';
import { Db } from '@tabour/platform';
import { DB } from '../common/tokens';

/**
 * The customers' data keys. A key is made before the customer's first event is appended and
 * destroyed by the projection of CustomerErased, in the erasing append's transaction.
 */
@Injectable()
export class CustomerKeys {
  constructor(@Inject(DB) private readonly db: Db) {}

  async get(customerId: string): Promise<Buffer | null> {
    const row = await this.db.selectFrom('customer_keys').select('data_key').where('customer_id', '=', customerId).executeTakeFirst();
    return row?.data_key ?? null;
  }

  /** The key of each customer, made for those who have none yet (one round trip per 1000). */
  async ensure(tenantId: string, customerIds: string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    for (let i = 0; i < customerIds.length; i += 1000) {
      const chunk = customerIds.slice(i, i + 1000);
      await this.db
        .insertInto('customer_keys')
        .values(chunk.map((id) => ({ customer_id: id, tenant_id: tenantId, data_key: newDataKey() })))
        .onConflict((oc) => oc.column('customer_id').doNothing())
        .execute();
      const rows = await this.db.selectFrom('customer_keys').select(['customer_id', 'data_key']).where('customer_id', 'in', chunk).execute();
      for (const r of rows) {
        out.set(r.customer_id, r.data_key);
        rememberKey(r.customer_id, r.data_key);
      }
    }
    return out;
  }

  /** Drops a key made for a customer whose first append never happened (a refused create). */
  async dropUnused(customerId: string): Promise<void> {
    await sql`DELETE FROM customer_keys WHERE customer_id = ${customerId}
      AND NOT EXISTS (SELECT 1 FROM es_streams WHERE stream_id = ${'customer-' + customerId})`.execute(this.db);
  }
}
