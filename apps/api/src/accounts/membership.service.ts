import { Inject, Injectable } from '@nestjs/common';
import { membershipViewOf, type MembershipRow, type Usage } from '@tabour/billing';
import { FEATURE_MATRIX, packageAt, type BillingMembership, type Package } from '@tabour/contracts';
import { smsBalanceOf } from '@tabour/notifications';
import { teamSizeSql } from '@tabour/organisation';
import { countersPerQueueSql, queueCountSql } from '@tabour/queues';
import { Db, notFound } from '@tabour/platform';
import { sql } from 'kysely';
import { MembershipReader } from '../common/auth';
import { DB } from '../common/tokens';
import { Clock } from './clock';

/**
 * The package a business uses now, read from its membership row (the billing context's
 * projection of the account's trial and the membership stream): the plan gate, the session and
 * the kiosks' and displays' logins ask it.
 */
@Injectable()
export class MembershipService extends MembershipReader {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly clock: Clock,
  ) {
    super();
  }

  private row(tenantId: string): Promise<MembershipRow | undefined> {
    return this.db
      .selectFrom('memberships')
      .select([
        'package',
        'plan',
        'trial_ends_at',
        'period_starts_at',
        'period_ends_at',
        'grace_ends_at',
        'cancel_at_period_end',
        'scheduled_package',
        'scheduled_plan',
        'coupon_code',
        'coupon_months_left',
      ])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  }

  async activePackage(tenantId: string): Promise<Package> {
    const row = await this.row(tenantId);
    return row ? packageAt({ ...row, package: row.package as Package | null }, this.clock.now()) : 'FREE';
  }

  /** What the business counts against the matrix's limits (the records a downgrade keeps and locks). */
  async usage(tenantId: string): Promise<Usage> {
    const r = await sql<{ queues: number; counters_per_queue: number; kiosks_and_displays: number; team_size: number }>`
      SELECT ${queueCountSql(tenantId)} AS queues,
             ${countersPerQueueSql(tenantId)} AS counters_per_queue,
             ((SELECT count(*) FROM kiosks WHERE tenant_id = ${tenantId}) + (SELECT count(*) FROM displays WHERE tenant_id = ${tenantId}))::int AS kiosks_and_displays,
             ${teamSizeSql(tenantId)} AS team_size`.execute(this.db);
    return r.rows[0];
  }

  async view(tenantId: string): Promise<BillingMembership> {
    const now = this.clock.now();
    const [row, sms, usage] = await Promise.all([this.row(tenantId), smsBalanceOf(this.db, tenantId, now), this.usage(tenantId)]);
    if (!row) throw notFound();
    return membershipViewOf(row, sms.consumed, usage, now);
  }

  /** What the business may use, for the session answer (the web app hides what it cannot). */
  static permissions(pkg: Package) {
    const devices = FEATURE_MATRIX[pkg].kiosks_and_displays !== 0;
    return { kiosks: devices, displays: devices };
  }
}
