import type { Rule } from '@tabour/contracts';

/** A rule's fields as its form sets them: the contract's rule but its id, position and times. */
export type RuleFields = Omit<Rule, 'id' | 'position' | 'created_at' | 'updated_at'>;

export type RuleInput = Partial<RuleFields>;

export type Ids = { business_id: string };

export type RulesCommand =
  | (Ids & { type: 'CreateRule'; rule_id: string; input: RuleInput })
  | (Ids & { type: 'UpdateRule'; rule_id: string; input: RuleInput })
  | (Ids & { type: 'DeleteRule'; rule_id: string })
  | (Ids & { type: 'ReorderRules'; ids: string[] });
