import type { ColumnType } from 'kysely';
import type { Decider, InlineProjection } from '@tabour/eventstore';
import { invalid, type Database } from '@tabour/platform';
import { LEGAL_KINDS, LEGAL_TEXT_MAX, type LegalKind } from '@tabour/contracts';

// The product's default texts, in each interface language.
export { defaultLegalTextIn } from './defaults';

/**
 * The business's terms of service and privacy policy (/settings/terms, /settings/policy), the
 * texts its customers read. Each "add" is a new version; a version once added never changes, so
 * what a customer accepted on a given day can always be shown again.
 */
export const legalStream = (kind: LegalKind, businessId: string) => `legal-${kind}-${businessId}`;

export type LegalCommand = { type: 'AddLegalText'; business_id: string; kind: LegalKind; content: unknown };
export type LegalEvent = { type: 'LegalTextAdded'; data: { business_id: string; kind: LegalKind; version: number; content: string } };
export const LEGAL_EVENT_TYPES = ['LegalTextAdded'] as const;
export interface LegalState {
  version: number;
  content: string | null;
}

export const legalDecider: Decider<LegalCommand, LegalState, LegalEvent> = {
  initialState: () => ({ version: 0, content: null }),
  decide(command, state) {
    if (!LEGAL_KINDS.includes(command.kind)) throw invalid('Choose terms or policy', { kind: ['Choose terms or policy'] }, 'validation_failed');
    const content = typeof command.content === 'string' ? command.content.replace(/\r\n/g, '\n').trim() : '';
    if (!content) throw invalid('The text is required', { content: ['The text is required'] }, 'validation_failed');
    if (content.length > LEGAL_TEXT_MAX) {
      const message = `The text may have at most ${LEGAL_TEXT_MAX} characters`;
      throw invalid(message, { content: [message] }, 'validation_failed');
    }
    // The same text again is no new version: a double click adds one.
    if (content === state.content) return [];
    return [{ type: 'LegalTextAdded', data: { business_id: command.business_id, kind: command.kind, version: state.version + 1, content } }];
  },
  evolve: (_state, event) => ({ version: event.data.version, content: event.data.content }),
};

export interface BusinessLegalTextsTable {
  tenant_id: string;
  kind: string;
  version: number;
  content: string;
  created_by: string | null;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '@tabour/platform' {
  interface Database {
    business_legal_texts: BusinessLegalTextsTable;
  }
}

/** `business_legal_texts`: every version, the current one the highest. */
export const legalProjection: InlineProjection<LegalEvent, Database> = {
  name: 'organisation.legal_texts',
  tables: ['business_legal_texts'],
  handles: LEGAL_EVENT_TYPES,
  async apply(db, events) {
    for (const e of events) {
      await db
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
        .execute();
    }
  },
};
