import type { LegalKind } from '@tabour/contracts';

export type LegalEvent = { type: 'LegalTextAdded'; data: { business_id: string; kind: LegalKind; version: number; content: string } };
export const LEGAL_EVENT_TYPES = ['LegalTextAdded'] as const;
