/** Team positions, as the interface shows them. */
export const POSITIONS = ['Admin', 'CEO', 'Employee', 'Front Desk', 'Manager', 'Other', 'Secretary'] as const;
export type Position = (typeof POSITIONS)[number];

/**
 * Roles: ADMIN and MANAGER carry the guarded screens; every other position has a role of its
 * own that reaches only the routes open to all.
 */
export const ROLES = ['ADMIN', 'MANAGER', 'CEO', 'EMPLOYEE', 'FRONT_DESK', 'OTHER', 'SECRETARY'] as const;
export type Role = (typeof ROLES)[number];

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

export const PACKAGES = ['TRIAL', 'FREE', 'LIBERUP', 'LIBERPRO'] as const;
export type Package = (typeof PACKAGES)[number];

/** Who is calling: resolved from the bearer token by the auth guard. */
export type Principal =
  | { kind: 'user'; tenantId: string; userId: string; role: Role; email: string; name: string; sessionId: string }
  | { kind: 'kiosk'; tenantId: string; kioskId: string; sessionId: string }
  | { kind: 'display'; tenantId: string; displayId: string; sessionId: string };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
