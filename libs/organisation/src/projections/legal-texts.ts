import { handlerProjection } from '@tabour/eventstore';
import type { Database } from '@tabour/platform';
import type { LegalEvent } from '../legal';

/** `business_legal_texts`: every version, the current one the highest. */
export const legalProjection = handlerProjection<LegalEvent, Database>('organisation.legal_texts', ['business_legal_texts'], {
  LegalTextAdded: (db, e) =>
    db
      .insertInto('business_legal_texts')
      .values({
        tenant_id: e.data.business_id,
        kind: e.data.kind,
        version: e.data.version,
        content: e.data.content,
        created_by: e.metadata.actor?.name ?? null,
        created_at: e.recordedAt,
      })
      .onConflict((c) => c.columns(['tenant_id', 'kind', 'version']).doNothing())
      .execute(),
});
