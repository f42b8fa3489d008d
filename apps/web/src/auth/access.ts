/**
 * Who may open which screen: the contract's table, which the API's guard reads for its calls
 * too, so a screen and the calls behind it admit the same roles. The route guards and
 * `authProvider.canAccess` share `routeAccess`.
 */
export {
  ADMIN_ROUTES,
  ANY_ROLE_ROUTES,
  MANAGER_ROUTES,
  mayOpen,
  PLAN_PACKAGES,
  PLAN_ROUTES,
  PUBLIC_ROUTES,
  routeAccess,
  ruleOf,
  type AccessSubject,
  type AccessVerdict,
  type ScreenRule,
} from '@tabour/contracts';
