import type { LegalKind } from '@tabour/contracts';

/**
 * The business's terms of service and privacy policy (/settings/terms, /settings/policy), the
 * texts its customers read. Each "add" is a new version; a version once added never changes, so
 * what a customer accepted on a given day can always be shown again.
 */
export const legalStream = (kind: LegalKind, businessId: string) => `legal-${kind}-${businessId}`;

export interface LegalState {
  version: number;
  content: string | null;
}

export const initialLegalState = (): LegalState => ({ version: 0, content: null });
