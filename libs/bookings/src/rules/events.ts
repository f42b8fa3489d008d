import type { Ids, RuleFields } from './commands';

export type RulesEvent =
  | { type: 'RuleCreated'; data: Ids & { rule_id: string; position: number } & RuleFields }
  | { type: 'RuleUpdated'; data: Ids & { rule_id: string } & RuleFields }
  | { type: 'RuleDeleted'; data: Ids & { rule_id: string } }
  | { type: 'RulesReordered'; data: Ids & { ids: string[] } };

export const RULES_EVENT_TYPES = ['RuleCreated', 'RuleUpdated', 'RuleDeleted', 'RulesReordered'] as const;
