import type { Decider } from '@tabour/eventstore';
import type { RulesCommand } from './commands';
import { decide } from './decide';
import type { RulesEvent } from './events';
import { evolve } from './evolve';
import { initialRulesState, type RulesState } from './state';

export type { RuleFields, RuleInput, RulesCommand } from './commands';
export * from './events';
export { rulesStream, type RulesState } from './state';
export { checkRule, RULE_LIMITS } from './decide';
export * from './match';
export * from './queries';
export type { BookingRulesTable } from './tables';

export const rulesDecider: Decider<RulesCommand, RulesState, RulesEvent> = { initialState: initialRulesState, decide, evolve };
