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

/**
 * Every call of the API a staff member's token may make, as `METHOD /path` with the API's route
 * pattern, under the rule of the screen it serves. A setting of the business (booking
 * confirmation, the agency's booking days) is `/settings/business`'s, so ADMIN's, even where a
 * screen open to more roles reads it. A call missing here is refused to every role but ADMIN,
 * and a test walks the API's routes to keep the table whole.
 */
export const STAFF_CALLS: Record<StaffRule, readonly string[]> = {
  any: [
    'POST /business/account/logout',
    'POST /business/account/password/update',
    'POST /business/account/update',
    'GET /business/activity',
    'GET /business/activity/export',
    'GET /business/activity/state',
    'GET /business/booking',
    'GET /business/booking/:id',
    'POST /business/booking/:id/cancel',
    'POST /business/booking/:id/checkin',
    'DELETE /business/booking/:id/delete',
    'POST /business/booking/:id/update',
    'POST /business/booking/archive/range',
    'GET /business/booking/available',
    'PUT /business/booking/create',
    'GET /business/booking/filter',
    'POST /business/booking/range',
    'GET /business/booking/request',
    'GET /business/booking/request/:id',
    'POST /business/booking/request/:id/approve',
    'DELETE /business/booking/request/:id/decline',
    'POST /business/booking/request/filter',
    'GET /business/booking/transaction/:booking_id',
    'POST /business/booking/transaction/create',
    'GET /business/bookingSettings',
    'GET /business/business/payment-types',
    'GET /business/category',
    'GET /business/category/:id',
    'GET /business/counter',
    'GET /business/counter/mine',
    'POST /business/customer/archiveBookings',
    'POST /business/customer/bookings',
    'GET /business/department',
    'GET /business/department/:id',
    'GET /business/department/:id/services',
    'GET /business/forms',
    'GET /business/forms/:id',
    'GET /business/helpers/service',
    'GET /business/helpers/setting/filter/:keyword',
    'GET /business/holiday',
    'GET /business/holiday/:id',
    'GET /business/holiday/:id/delete',
    'POST /business/holiday/create',
    'GET /business/info',
    'POST /business/member/bookingdays/update',
    'GET /business/membership',
    'GET /business/myliberrex',
    'GET /business/note-type',
    'GET /business/note-type/:id',
    'GET /business/notification',
    'POST /business/notification/:id/read',
    'GET /business/notification/messages',
    'POST /business/notification/read-all',
    'GET /business/package',
    'GET /business/payment-types',
    'GET /business/policy/current',
    'GET /business/policy/default',
    'GET /business/policy/versions',
    'GET /business/queue',
    'GET /business/queue/:id',
    'POST /business/queue/:id/delay',
    'GET /business/queue/:id/inservice',
    'GET /business/queue/:id/onhold',
    'POST /business/queue/:id/pause',
    'PUT /business/queue/:id/push',
    'POST /business/queue/:id/resume',
    'POST /business/queue/:id/services/reorder',
    'GET /business/queue/:id/slot',
    'GET /business/queue/:id/summary',
    'GET /business/queue/:id/translations',
    'GET /business/queue/:id/waitinglist',
    'GET /business/queue/:queue/counter',
    'GET /business/queue/:queue/counter/:counter',
    'GET /business/queue/:queue/counter/:counter/break',
    'POST /business/queue/:queue/counter/:counter/close',
    'POST /business/queue/:queue/counter/:counter/open',
    'POST /business/queue/:queue_id/absent/:ticket_id',
    'POST /business/queue/:queue_id/call',
    'POST /business/queue/:queue_id/duration/:ticket_id',
    'POST /business/queue/:queue_id/end/:ticket_id',
    'POST /business/queue/:queue_id/hold/:ticket_id',
    'POST /business/queue/:queue_id/member/update/:customer_id',
    'POST /business/queue/:queue_id/move/:ticket_id/:old/:new',
    'POST /business/queue/:queue_id/noshow/:customer_id',
    'POST /business/queue/:queue_id/pushback/:ticket_id',
    'POST /business/queue/:queue_id/recall/:ticket_id',
    'POST /business/queue/:queue_id/redirect/:customer_id/:target_id',
    'GET /business/queue/:queue_id/request/:id',
    'POST /business/queue/:queue_id/request/:id/approve',
    'POST /business/queue/:queue_id/request/:id/decline',
    'POST /business/queue/:queue_id/request/:id/update',
    'GET /business/queue/:queue_id/requests',
    'POST /business/queue/:queue_id/restore/:ticket_id',
    'DELETE /business/queue/:queue_id/revoke/:customer_id',
    'POST /business/queue/:queue_id/swap/:customer_1/:customer_2',
    'GET /business/queue/:queue_id/ticket/:ticket_id',
    'POST /business/queue/:queue_id/ticket/:ticket_id/notes',
    'POST /business/queue/:queue_id/urgent/:ticket_id',
    'POST /business/queue/getDamagedtickets',
    'POST /business/queue/getforservice',
    'GET /business/queue/summary',
    'GET /business/resource',
    'GET /business/resource/:id',
    'POST /business/queue/ticket/:id/fixDamagedTickets',
    'GET /business/service',
    'GET /business/service/:id',
    'POST /business/service/filter/:keyword',
    'GET /business/serviceDepartment/:id',
    'GET /business/settings',
    'GET /business/team',
    'GET /business/team/:id',
    'POST /business/team/:id/workingdays/update',
    'GET /business/terms/current',
    'GET /business/terms/default',
    'GET /business/terms/versions',
    'GET /business/translations/business',
    'GET /business/users/:id',
  ],
  manager: [
    'GET /business/billing/coupon/:id',
    'GET /business/booking/export',
    'DELETE /business/booking/transaction/:id',
    'POST /business/booking/upload',
    'GET /business/coupons',
    'GET /business/customer',
    'GET /business/customer/:id',
    'GET /business/customer/:id/attachments',
    'DELETE /business/customer/:id/delete',
    'POST /business/customer/:id/erase',
    'POST /business/customer/:id/update',
    'POST /business/customer/archiveQueue',
    'GET /business/customer/attachment/:id',
    'GET /business/customer/attachment/:id/delete',
    'POST /business/customer/attachments/add',
    'GET /business/customer/book',
    'GET /business/customer/book/:book_id',
    'PUT /business/customer/book/:book_id/add/:customer_id',
    'DELETE /business/customer/book/:book_id/remove/:customer_id',
    'PUT /business/customer/create',
    'GET /business/customer/export',
    'GET /business/customer/filter/:keyword',
    'POST /business/customer/next_iid',
    'POST /business/customer/notify',
    'POST /business/customer/upload',
    'DELETE /business/department/:id/delete',
    'POST /business/department/:id/translations/update',
    'POST /business/department/:id/update',
    'PUT /business/department/create',
    'GET /business/feedback',
    'GET /business/feedback/:id',
    'POST /business/feedback/filter',
    'POST /business/holiday/:id/status',
    'POST /business/queue/:id/archive',
    'GET /business/queue/:id/counterStats',
    'DELETE /business/queue/:id/delete',
    'GET /business/queue/:id/display',
    'PUT /business/queue/:id/slot',
    'POST /business/queue/:id/translations/update',
    'POST /business/queue/:id/update',
    'POST /business/queue/:queue/counter/:counter/break',
    'DELETE /business/queue/:queue/counter/:counter/delete',
    'POST /business/queue/:queue/counter/:counter/update',
    'PUT /business/queue/:queue/counter/create',
    'DELETE /business/queue/:queue_id/request/:id/delete',
    'PUT /business/queue/create',
    'POST /business/queue/fixAllDamagedTickets',
    'DELETE /business/resource/:id/delete',
    'POST /business/resource/:id/update',
    'PUT /business/resource/create',
    'GET /business/rules',
    'GET /business/rules/:id',
    'DELETE /business/rules/:id/delete',
    'POST /business/rules/:id/update',
    'PUT /business/rules/create',
    'POST /business/rules/reorder',
    'DELETE /business/service/:id/delete',
    'POST /business/service/:id/update',
    'PUT /business/service/create',
    'PUT /business/service/create/multiple',
    'POST /business/service/ussd/update',
    'GET /business/statistic',
    'POST /business/statistic/AvgWatingService',
    'POST /business/statistic/averageTimes',
    'POST /business/statistic/bookingPaymentAllTransactions',
    'POST /business/statistic/bookingPaymentStat',
    'POST /business/statistic/bookings',
    'POST /business/statistic/counterFeedback',
    'POST /business/statistic/counterPerformance',
    'POST /business/statistic/counterServiceDuration',
    'POST /business/statistic/customerStat',
    'POST /business/statistic/estimateAccuracy',
    'POST /business/statistic/filter',
    'POST /business/statistic/heatmap',
    'GET /business/statistic/home',
    'POST /business/statistic/home/filter',
    'POST /business/statistic/hourPeak',
    'POST /business/statistic/serviceDurations',
    'POST /business/statistic/serviceDurationsPerCounter',
    'POST /business/statistic/serviceLevel',
    'POST /business/statistic/servicefrequency',
    'POST /business/statistic/services',
    'GET /business/statistic/settings',
    'POST /business/statistic/settings',
    'POST /business/statistic/tickets',
    'POST /business/statistic/totalSms',
    'POST /business/statistic/visiteFrequency',
    'GET /business/team/:id/counterStats',
    'DELETE /business/team/:id/delete',
    'POST /business/team/:id/update',
    'POST /business/team/create',
    'GET /business/users',
  ],
  plan: [
    'GET /business/display',
    'GET /business/display/:id',
    'DELETE /business/display/:id/delete',
    'GET /business/display/:id/logs',
    'POST /business/display/:id/remote/:command',
    'POST /business/display/:id/reset',
    'POST /business/display/:id/update',
    'POST /business/display/:id/video',
    'POST /business/display/create',
    'POST /business/display/filter/:keyword',
    'GET /business/kiosk',
    'GET /business/kiosk/:id',
    'DELETE /business/kiosk/:id/delete',
    'POST /business/kiosk/:id/remote/:command',
    'POST /business/kiosk/:id/reset',
    'POST /business/kiosk/:id/update',
    'POST /business/kiosk/create',
    'POST /business/kiosk/filter/:keyword',
  ],
  admin: [
    'GET /business/account/setting',
    'POST /business/account/setting/update',
    'GET /business/billing',
    'GET /business/billing/:id',
    'DELETE /business/billing/:id/delete',
    'GET /business/billing/:id/pdf',
    'PUT /business/billing/:id/update',
    'POST /business/billing/card/session',
    'GET /business/billing/config',
    'PUT /business/billing/create',
    'GET /business/billing/details',
    'POST /business/billing/details/update',
    'GET /business/billing/payment-methods',
    'GET /business/booking/payments',
    'PUT /business/bookingSettings',
    'POST /business/bookingdays/update',
    'POST /business/business/payment-types/update',
    'DELETE /business/category/:id/delete',
    'POST /business/category/:id/update',
    'POST /business/category/create',
    'DELETE /business/delete',
    'DELETE /business/forms/:id/delete',
    'POST /business/forms/:id/update',
    'PUT /business/forms/create',
    'DELETE /business/history/delete',
    'GET /business/integrations/keys',
    'GET /business/integrations/keys/:id',
    'POST /business/integrations/keys/:id/revoke',
    'PUT /business/integrations/keys/create',
    'GET /business/integrations/webhooks',
    'POST /business/integrations/webhooks',
    'DELETE /business/integrations/webhooks/:id',
    'GET /business/integrations/webhooks/:id',
    'PATCH /business/integrations/webhooks/:id',
    'GET /business/integrations/webhooks/:id/deliveries',
    'POST /business/integrations/webhooks/:id/deliveries/:delivery_id/redeliver',
    'POST /business/integrations/webhooks/:id/replay',
    'POST /business/integrations/webhooks/:id/secret',
    'POST /business/location/update',
    'GET /business/membership/:id',
    'GET /business/membership/periods',
    'GET /business/membership/quote',
    'POST /business/membership/update',
    'POST /business/myliberrex/update',
    'DELETE /business/note-type/:id/delete',
    'POST /business/note-type/:id/update',
    'POST /business/note-type/create',
    'GET /business/notification/settings',
    'POST /business/notification/settings',
    'GET /business/notification/templates',
    'DELETE /business/notification/templates/:type/:language/:channel',
    'PUT /business/notification/templates/:type/:language/:channel',
    'POST /business/notification/templates/preview',
    'POST /business/payment-types/update',
    'POST /business/policy/add',
    'GET /business/privacy',
    'POST /business/privacy/update',
    'POST /business/publish/update',
    'GET /business/report-settings',
    'DELETE /business/report-settings/:id',
    'GET /business/report-settings/:id',
    'POST /business/report-settings/:id',
    'DELETE /business/report-settings/:id/delete',
    'POST /business/report-settings/:id/update',
    'POST /business/report-settings/create',
    'PUT /business/report-settings/create',
    'GET /business/sms/settings',
    'POST /business/sms/settings',
    'GET /business/sms/transactions',
    'GET /business/sms/transactions/export',
    'POST /business/terms/add',
    'POST /business/translations/update',
    'POST /business/update',
    'DELETE /business/users/:id',
    'POST /business/workingdays/update',
    'POST /payment/paymaster/business',
  ],
};

const CALL_RULES: ReadonlyMap<string, StaffRule> = new Map(
  (Object.entries(STAFF_CALLS) as [StaffRule, readonly string[]][]).flatMap(([rule, calls]) => calls.map((c) => [c, rule] as const)),
);

/** The rule of a staff call, by its method and route pattern (`/business/customer/:id/update`); null when unlisted. */
export function callRule(method: string, routePath: string): StaffRule | null {
  return CALL_RULES.get(`${method.toUpperCase()} ${routePath}`) ?? null;
}

/** The roles that may make a staff call; null: every role. An unlisted call is ADMIN's alone. */
export function callRoles(method: string, routePath: string): readonly Role[] | null {
  const rule = callRule(method, routePath) ?? 'admin';
  return rule === 'any' ? null : RULE_ROLES[rule];
}

/** The packages a staff call needs besides its roles (the `plan` rule's); empty: none. */
export function callPackages(method: string, routePath: string): readonly Package[] {
  return callRule(method, routePath) === 'plan' ? PLAN_PACKAGES : [];
}

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
export const PLAN_PACKAGES: readonly Package[] = ['LIBERUP', 'LIBERPRO'];

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
