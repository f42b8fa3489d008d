import type { WorkingDays } from '../shared';
import type { MemberFields } from './commands';

export type TeamState = { status: 'none' } | ({ status: 'active' | 'removed'; business_id: string; working_days: WorkingDays | null } & MemberFields);

export const initialTeamState = (): TeamState => ({ status: 'none' });

export const memberStream = (id: string) => `member-${id}`;
