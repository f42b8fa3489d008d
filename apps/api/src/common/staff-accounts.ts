import type { Actor } from '@tabour/eventstore';
import type { Position, Role } from '@tabour/platform';

export interface StaffLoginInput {
  tenantId: string;
  /** The team member's id; the login shares it. */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  position: Position;
  /** ADMIN or MANAGER granted whatever the position; absent: the position's own role. */
  role?: Role;
}

/**
 * Logins of team members, owned by the accounts context and called by the team (organisation)
 * context. A new login has no password: its owner receives a reset code by e-mail and sets one.
 */
export abstract class StaffAccounts {
  abstract createLogin(input: StaffLoginInput, actor: Actor): Promise<void>;
  abstract updateLogin(input: Partial<StaffLoginInput> & { tenantId: string; userId: string }, actor: Actor): Promise<void>;
  abstract removeLogin(tenantId: string, userId: string, actor: Actor): Promise<void>;
  /** True when no account uses the e-mail (case-insensitive), other than `exceptUserId`. */
  abstract isEmailAvailable(email: string, exceptUserId?: string): Promise<boolean>;
  /** Sets a password directly: used only by the demo seed. */
  abstract setPassword(tenantId: string, userId: string, password: string, actor: Actor): Promise<void>;
}
