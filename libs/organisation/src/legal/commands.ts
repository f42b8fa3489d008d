import type { LegalKind } from '@tabour/contracts';

export type LegalCommand = { type: 'AddLegalText'; business_id: string; kind: LegalKind; content: unknown };
