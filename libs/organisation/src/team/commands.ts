import type { Position, Role } from '@tabour/platform';
import type { WorkingDays } from '../shared';

export interface MemberFields {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  photo: string | null;
  position: Position;
  role: Role;
  department_id: string | null;
  is_bookable: boolean;
  /** A calendar date, YYYY-MM-DD. */
  member_since: string | null;
}

/** Who asks: a manager may not touch administrators nor make one. */
export interface TeamActor {
  user_id: string;
  role: Role;
}

/**
 * Input a team command carries. `role` ADMIN or MANAGER is granted whatever the position;
 * absent, null or any other role means the position's own role.
 */
export type MemberInput = Omit<MemberFields, 'role'> & { role?: Role | null };

export type TeamCommand =
  | { type: 'AddTeamMember'; member_id: string; business_id: string; actor: TeamActor; fields: MemberInput; working_days?: WorkingDays | null }
  | { type: 'UpdateTeamMember'; member_id: string; business_id: string; actor: TeamActor; fields: Partial<MemberInput> }
  | { type: 'UpdateTeamMemberWorkingDays'; member_id: string; business_id: string; actor: TeamActor; working_days: WorkingDays }
  | { type: 'RemoveTeamMember'; member_id: string; business_id: string; actor: TeamActor };
