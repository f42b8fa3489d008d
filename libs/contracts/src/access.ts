import { PLAN_PACKAGES, RULE_ROLES, type ScreenRule } from './access-rules';

// The rules and the API's side live beside this file; the screens' side is here. One import of
// `./access` still reaches all three.
export * from './access-rules';
export * from './access-calls';

/** The screens' side: who may open which page of the back-office. */
export interface AccessSubject {
  role: string;
  /** The business's active package: TRIAL, FREE, LIBERUP or LIBERPRO. */
  package?: string | null;
}

export type AccessVerdict = 'public' | 'allowed' | 'login' | 'forbidden' | 'upgrade' | 'unknown';

export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/login/no-recaptcha',
  '/login/tt',
  '/password/forgot',
  '/password/reset',
  '/register',
  '/privacy',
  '/terms',
  '/t/:uid',
  '/f/:uid',
  '/error404',
  '/kiosk/login',
  '/kiosk/checkin',
  '/display/login',
  '/display',
];

export const ANY_ROLE_ROUTES = [
  '/bookings',
  '/bookings/table',
  '/bookings/request',
  '/bookings/availability',
  '/dashboard',
  '/activity',
  '/queues',
  '/queues/:id/waitinglist',
  '/queues/:id/reorderServices',
  '/profile',
  // Help (user guide and technical support), from the user menu beside the profile.
  '/help',
];

export const MANAGER_ROUTES = [
  '/customers',
  '/queues/create',
  '/queues/:id/edit',
  '/queues/:id/archive',
  '/queues/:id/counterStats',
  '/queues/:id/display',
  '/feedback',
  '/coupons',
  '/statistics',
  '/settings/services',
  '/settings/rules',
  '/settings/rules/create',
  '/settings/rules/:id',
  '/settings/team',
  '/settings/departments',
  '/settings/resources',
];

/** ADMIN or MANAGER, and a package with kiosks and displays. */
export const PLAN_ROUTES = ['/displays', '/kiosks'];

export const ADMIN_ROUTES = [
  '/settings/business',
  '/settings/holidays',
  '/settings/sms',
  '/settings/general',
  '/settings/payment_type',
  '/settings/payment',
  '/settings/forms',
  '/settings/activity',
  '/settings/integrations',
  '/settings/note-type',
  '/settings/category',
  '/settings/terms',
  '/settings/policy',
  '/settings/report-settings',
  // The plan and its invoices are the owner's decisions, as /settings/payment is.
  '/settings/membership',
  '/settings/billing',
];

const TABLE: [string, ScreenRule][] = [
  ...PUBLIC_ROUTES.map((p) => [p, 'public'] as [string, ScreenRule]),
  ...ANY_ROLE_ROUTES.map((p) => [p, 'any'] as [string, ScreenRule]),
  ...MANAGER_ROUTES.map((p) => [p, 'manager'] as [string, ScreenRule]),
  ...PLAN_ROUTES.map((p) => [p, 'plan'] as [string, ScreenRule]),
  ...ADMIN_ROUTES.map((p) => [p, 'admin'] as [string, ScreenRule]),
];

function segments(path: string): string[] {
  return path.split(/[?#]/)[0].split('/').filter(Boolean);
}

function matches(pattern: string[], path: string[]): boolean {
  return pattern.length === path.length && pattern.every((p, i) => p.startsWith(':') || p === path[i]);
}

/**
 * The rule of a path: an exact pattern first; else the longest listed route the path lies
 * under (a resource's create and edit pages share its list's rule); else none.
 */
export function ruleOf(path: string): ScreenRule | null {
  const parts = segments(path);
  const exact = TABLE.find(([p]) => matches(segments(p), parts));
  if (exact) return exact[1];
  let best: [number, ScreenRule] | null = null;
  for (const [p, rule] of TABLE) {
    const pattern = segments(p);
    if (rule === 'public' || pattern.length === 0 || pattern.length >= parts.length) continue;
    if (matches(pattern, parts.slice(0, pattern.length)) && (!best || pattern.length > best[0])) best = [pattern.length, rule];
  }
  return best ? best[1] : null;
}

const isManager = (role: string) => (RULE_ROLES.manager as readonly string[]).includes(role);
/** The trial has every feature, as the server's plan gate also lets it through. */
const hasPlan = (pkg: string | null | undefined) => !!pkg && ((PLAN_PACKAGES as readonly string[]).includes(pkg) || pkg === 'TRIAL');

export function routeAccess(path: string, subject: AccessSubject | null): AccessVerdict {
  const rule = ruleOf(path);
  if (rule === null) return 'unknown';
  if (rule === 'public') return 'public';
  if (!subject) return 'login';
  switch (rule) {
    case 'any':
      return 'allowed';
    case 'manager':
      return isManager(subject.role) ? 'allowed' : 'forbidden';
    case 'plan':
      if (!isManager(subject.role)) return 'forbidden';
      return hasPlan(subject.package) ? 'allowed' : 'upgrade';
    case 'admin':
      return (RULE_ROLES.admin as readonly string[]).includes(subject.role) ? 'allowed' : 'forbidden';
  }
}

export function mayOpen(path: string, subject: AccessSubject | null): boolean {
  const verdict = routeAccess(path, subject);
  return verdict === 'allowed' || verdict === 'public';
}
