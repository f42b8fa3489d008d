import type { RuleFields } from './commands';

/**
 * A business's rules: one ordered list, one aggregate (stream `rules-<tenant>`), so a reorder
 * and a create never interleave into two rules at one position (docs/bookings.md).
 */
export const rulesStream = (tenantId: string) => `rules-${tenantId}`;

export interface RulesState {
  /** In position order. */
  rules: ({ rule_id: string } & RuleFields)[];
}

export const initialRulesState = (): RulesState => ({ rules: [] });
