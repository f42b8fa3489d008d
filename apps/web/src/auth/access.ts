/**
 * Who may open which screen (SPEC §2 and §4), as one pure function the route guards and
 * `authProvider.canAccess` share.
 */
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
  // Help (user guide and technical support), from the user menu: SPEC §2 lists it beside the profile.
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
];

/** ADMIN or MANAGER, and a package with kiosks and displays. */
export const PLAN_ROUTES = ['/displays', '/kiosks'];
export const PLAN_PACKAGES = ['LIBERUP', 'LIBERPRO'];

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
  // Not in SPEC §2's lists: the plan and its invoices are the owner's decisions, as /settings/payment is.
  '/settings/membership',
  '/settings/billing',
];

type Rule = 'public' | 'any' | 'manager' | 'plan' | 'admin';
const TABLE: [string, Rule][] = [
  ...PUBLIC_ROUTES.map((p) => [p, 'public'] as [string, Rule]),
  ...ANY_ROLE_ROUTES.map((p) => [p, 'any'] as [string, Rule]),
  ...MANAGER_ROUTES.map((p) => [p, 'manager'] as [string, Rule]),
  ...PLAN_ROUTES.map((p) => [p, 'plan'] as [string, Rule]),
  ...ADMIN_ROUTES.map((p) => [p, 'admin'] as [string, Rule]),
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
export function ruleOf(path: string): Rule | null {
  const parts = segments(path);
  const exact = TABLE.find(([p]) => matches(segments(p), parts));
  if (exact) return exact[1];
  let best: [number, Rule] | null = null;
  for (const [p, rule] of TABLE) {
    const pattern = segments(p);
    if (rule === 'public' || pattern.length === 0 || pattern.length >= parts.length) continue;
    if (matches(pattern, parts.slice(0, pattern.length)) && (!best || pattern.length > best[0])) best = [pattern.length, rule];
  }
  return best ? best[1] : null;
}

const isManager = (role: string) => role === 'ADMIN' || role === 'MANAGER';
/** The trial has every feature (SPEC §4), as the server's plan gate also lets it through. */
const hasPlan = (pkg: string | null | undefined) => !!pkg && (PLAN_PACKAGES.includes(pkg) || pkg === 'TRIAL');

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
      return subject.role === 'ADMIN' ? 'allowed' : 'forbidden';
  }
}

export function mayOpen(path: string, subject: AccessSubject | null): boolean {
  const verdict = routeAccess(path, subject);
  return verdict === 'allowed' || verdict === 'public';
}
