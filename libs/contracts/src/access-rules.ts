import type { Package, Role } from './lists';

/**
 * Who may do what, as one table the web and the API both read (docs/security.md, "Staff by
 * role"): each screen of the back-office has a rule, and each call of the API a staff member
 * makes has the rule of the screen it serves. The web guards its routes and menus with the
 * screens' side; the API's auth guard refuses a call with the calls' side.
 *
 * - `public`: no login (the screens only; public calls are marked `@Public()` in the API);
 * - `any`: every staff role;
 * - `manager`: ADMIN or MANAGER;
 * - `plan`: ADMIN or MANAGER, on a package with kiosks and displays (or the trial);
 * - `admin`: ADMIN only.
 */
export type ScreenRule = 'public' | 'any' | 'manager' | 'plan' | 'admin';
export type StaffRule = Exclude<ScreenRule, 'public'>;

/** The roles each rule admits; `any` admits every role. */
export const RULE_ROLES: Record<'manager' | 'plan' | 'admin', readonly Role[]> = {
  manager: ['ADMIN', 'MANAGER'],
  plan: ['ADMIN', 'MANAGER'],
  admin: ['ADMIN'],
};

/** The packages the `plan` rule asks for besides its roles (the trial has them too). */
export const PLAN_PACKAGES: readonly Package[] = ['LIBERUP', 'LIBERPRO'];
