import type { RulesEvent } from './events';
import type { RulesState } from './state';

export function evolve(state: RulesState, event: RulesEvent): RulesState {
  switch (event.type) {
    case 'RuleCreated': {
      const { business_id: _b, position: _p, ...rule } = event.data;
      return { rules: [...state.rules, rule] };
    }
    case 'RuleUpdated': {
      const { business_id: _b, ...rule } = event.data;
      return { rules: state.rules.map((r) => (r.rule_id === rule.rule_id ? rule : r)) };
    }
    case 'RuleDeleted':
      return { rules: state.rules.filter((r) => r.rule_id !== event.data.rule_id) };
    case 'RulesReordered': {
      const byId = new Map(state.rules.map((r) => [r.rule_id, r]));
      return { rules: event.data.ids.map((id) => byId.get(id)).filter((r): r is RulesState['rules'][number] => !!r) };
    }
    default:
      return state;
  }
}
