import type { Folds } from './fold';
import { withCounter } from './live';

/** The queue's counters: created, changed, deleted, opened by a member and closed. */
export const COUNTER_FOLDS: Folds<'CounterCreated' | 'CounterUpdated' | 'CounterDeleted' | 'CounterOpened' | 'CounterClosed'> = {
  CounterCreated: (state, { data: e }) =>
    withCounter(state, {
      id: e.counter_id,
      name: e.name,
      break_minutes: e.break_minutes,
      service_ids: e.service_ids,
      open: false,
      held_by: null,
      serving: null,
    }),
  CounterUpdated: (state, event) => withCounter(state, { ...state.counters[event.data.counter_id], ...event.data.changes }),
  CounterDeleted: (state, event) => {
    const { [event.data.counter_id]: _gone, ...rest } = state.counters;
    return { ...state, counters: rest };
  },
  CounterOpened: (state, event) => withCounter(state, { ...state.counters[event.data.counter_id], open: true, held_by: event.data.member_id }),
  CounterClosed: (state, event) => withCounter(state, { ...state.counters[event.data.counter_id], open: false, held_by: null, serving: null }),
};
