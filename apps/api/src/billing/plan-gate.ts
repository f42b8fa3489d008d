import { Inject, Injectable } from '@nestjs/common';
import { FEATURE_MATRIX, withinLimit, type CountedFeature, type Package, type PackageFeature, type SwitchedFeature } from '@tabour/contracts';
import { teamSize } from '@tabour/organisation';
import { counterCount, queueCount } from '@tabour/queues';
import { Db, DomainError, PLAN_GATE_MESSAGE, type Principal } from '@tabour/platform';
import { PlanGate } from '../common/auth';
import { DB } from '../common/tokens';

/** One gated call: the route as Express names it, and the feature of the matrix it uses. */
export interface GatedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  feature: PackageFeature;
  /** For counters per queue: the path parameter naming the queue. */
  param?: string;
}

/**
 * Every call the feature matrix concerns, in one table: creating a queue, a counter, a kiosk or
 * display, a team member counts against the package's limit; the report mail settings and the
 * exports are switched on or off. The integration test walks this table over the matrix and
 * checks every route exists. Reading and changing existing records stays open: a downgrade locks
 * the growth and the switched features, and never deletes or hides data.
 */
export const GATED_ROUTES: readonly GatedRoute[] = [
  { method: 'PUT', path: '/business/queue/create', feature: 'queues' },
  { method: 'PUT', path: '/business/queue/:queue/counter/create', feature: 'counters_per_queue', param: 'queue' },
  { method: 'POST', path: '/business/kiosk/create', feature: 'kiosks_and_displays' },
  { method: 'POST', path: '/business/display/create', feature: 'kiosks_and_displays' },
  { method: 'POST', path: '/business/team/create', feature: 'team_size' },
  { method: 'POST', path: '/business/report-settings/create', feature: 'report_mails' },
  { method: 'PUT', path: '/business/report-settings/create', feature: 'report_mails' },
  { method: 'GET', path: '/business/activity/export', feature: 'statistics_export' },
  { method: 'GET', path: '/business/sms/transactions/export', feature: 'statistics_export' },
];

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** How many records of a counted feature the business has now. */
async function count(db: Db, tenantId: string, feature: CountedFeature, params: Record<string, string>, param?: string): Promise<number> {
  switch (feature) {
    case 'queues':
      return queueCount(db, tenantId);
    case 'counters_per_queue': {
      const queue = param ? params[param] : undefined;
      if (!queue || !/^[0-9a-f-]{36}$/i.test(queue)) return 0;
      return counterCount(db, tenantId, queue);
    }
    case 'kiosks_and_displays': {
      const [k, d] = await Promise.all(
        (['kiosks', 'displays'] as const).map((t) =>
          db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('tenant_id', '=', tenantId)
            .executeTakeFirstOrThrow(),
        ),
      );
      return Number(k.n) + Number(d.n);
    }
    case 'team_size':
      return teamSize(db, tenantId);
  }
}

export const planLimit = (feature: PackageFeature, limit: number) =>
  new DomainError(403, `Your package allows ${limit} at most: ${PLAN_GATE_MESSAGE.toLowerCase()}`, 'plan_limit', { [feature]: [`At most ${limit}`] });
export const featureOff = (feature: PackageFeature) => new DomainError(403, PLAN_GATE_MESSAGE, 'plan_required', { [feature]: [PLAN_GATE_MESSAGE] });

/**
 * The matrix's gate: a switched feature off, or a counted feature at its limit (0: the feature
 * is locked), refuses the call with 403. The count is read before the command, so two creations
 * sent at the same instant may pass a limit by one: a plan's limit, not a security boundary.
 */
@Injectable()
export class MatrixPlanGate extends PlanGate {
  private readonly table = new Map(GATED_ROUTES.map((r) => [key(r.method, r.path), r]));

  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  gates(method: string, routePath: string): boolean {
    return this.table.has(key(method, routePath));
  }

  async check(principal: Principal, pkg: Package, method: string, routePath: string | undefined, params: Record<string, string>): Promise<void> {
    const route = routePath ? this.table.get(key(method, routePath)) : undefined;
    if (!route) return;
    const allowed = FEATURE_MATRIX[pkg][route.feature];
    if (typeof allowed === 'boolean') {
      if (!allowed) throw featureOff(route.feature as SwitchedFeature);
      return;
    }
    if (route.feature === 'sms' || allowed === null) return;
    if (allowed === 0) throw featureOff(route.feature);
    const feature = route.feature as CountedFeature;
    const used = await count(this.db, principal.tenantId, feature, params, route.param);
    if (!withinLimit(pkg, feature, used)) throw planLimit(feature, allowed);
  }
}
