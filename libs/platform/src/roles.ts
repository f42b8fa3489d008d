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

/** Who is calling: resolved from the bearer token by the auth guard. */
export type Principal =
  | { kind: 'user'; tenantId: string; userId: string; role: Role; email: string; name: string; sessionId: string }
  | { kind: 'kiosk'; tenantId: string; kioskId: string; sessionId: string }
  | { kind: 'display'; tenantId: string; displayId: string; sessionId: string };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
