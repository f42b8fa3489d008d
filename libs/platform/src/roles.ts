// By path, not by '@tabour/contracts': the test setup loads this library without the path aliases.
import { PACKAGES, POSITIONS, ROLES, type Package, type Position, type Role } from '../../contracts/src';

/**
 * Team positions (as the interface shows them), roles and packages are the contract's, shared
 * with the web. Roles: ADMIN and MANAGER carry the guarded screens; every other position has a
 * role of its own that reaches only the routes open to all.
 */
export { PACKAGES, POSITIONS, ROLES, type Package, type Position, type Role };

export function roleForPosition(position: Position): Role {
  switch (position) {
    case 'Admin':
      return 'ADMIN';
    case 'Manager':
      return 'MANAGER';
    case 'Front Desk':
      return 'FRONT_DESK';
    default:
      return position.toUpperCase() as Role;
  }
}

/** What a business's registration says of its owner (the accounts context's BusinessRegistered). */
interface OwnerRegistration {
  business_id: string;
  owner: { user_id: string; first_name: string; last_name: string; email: string };
}

/**
 * The owner as a business's registration makes them: its first login and its first team
 * member, active and an Admin. Both contexts begin the owner's state here, so the two agree.
 */
export function registeredOwner(registration: OwnerRegistration) {
  const { first_name, last_name, email } = registration.owner;
  const position: Position = 'Admin';
  const role: Role = 'ADMIN';
  return { status: 'active' as const, business_id: registration.business_id, first_name, last_name, email, phone: null, position, role };
}

/** The registration among these events whose owner is `userId`: the owner's user and member streams begin with it. */
export function findOwnerRegistration<E extends { type: 'BusinessRegistered'; data: OwnerRegistration }>(
  events: readonly { type: string; data: unknown }[],
  userId: string,
): E | null {
  const e = events.find((x) => x.type === 'BusinessRegistered' && (x.data as { owner?: { user_id?: string } } | null)?.owner?.user_id === userId);
  return (e as E | undefined) ?? null;
}

/** Who is calling: resolved from the bearer token by the auth guard. */
export type Principal =
  | { kind: 'user'; tenantId: string; userId: string; role: Role; email: string; name: string; sessionId: string }
  | { kind: 'kiosk'; tenantId: string; kioskId: string; sessionId: string }
  | { kind: 'display'; tenantId: string; displayId: string; sessionId: string };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
