import type { Decider } from '@tabour/eventstore';
import type { DepartmentCommand } from './commands';
import { decide } from './decide';
import type { DepartmentEvent } from './events';
import { evolve } from './evolve';
import { initialDepartmentState, type DepartmentState } from './state';

export * from './commands';
export * from './events';
export * from './state';

export const departmentDecider: Decider<DepartmentCommand, DepartmentState, DepartmentEvent> = { initialState: initialDepartmentState, decide, evolve };
