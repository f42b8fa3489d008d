import { Inject, Injectable } from '@nestjs/common';
import {
  activePackage,
  ChosenPackage,
  MembershipFacts,
  membershipView,
  MembershipView,
  PACKAGE_CATALOGUE,
  Plan,
  TRIAL_DAYS,
  TRIAL_SMS,
} from '@tabour/accounts';
import { Db, notFound, Package } from '@tabour/platform';
import { MembershipReader } from '../common/auth';
import { DB } from '../common/tokens';
import { Clock } from './clock';

export interface PackageInfo {
  id: Package;
  name: string;
  sms_per_period: number | null;
  sms_total: number | null;
  trial_days: number | null;
  kiosks_and_displays: boolean;
  prices: Record<Plan, number> | null;
  currency: string;
}

@Injectable()
export class MembershipService extends MembershipReader {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly clock: Clock,
  ) {
    super();
  }

  private async facts(tenantId: string): Promise<MembershipFacts | null> {
    const row = await this.db
      .selectFrom('business_accounts')
      .select(['trial_ends_at', 'trial_sms', 'package', 'plan', 'package_ends_at', 'sms_consumed'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return null;
    return { ...row, package: row.package as ChosenPackage | null, plan: row.plan as Plan | null };
  }

  async activePackage(tenantId: string): Promise<Package> {
    const facts = await this.facts(tenantId);
    return facts ? activePackage(facts, this.clock.now()) : 'FREE';
  }

  async view(tenantId: string): Promise<MembershipView> {
    const facts = await this.facts(tenantId);
    if (!facts) throw notFound();
    return membershipView(facts, this.clock.now());
  }

  /** What the business may use, for the session answer (the web app hides what it cannot). */
  static permissions(pkg: Package) {
    const full = pkg === 'TRIAL' || PACKAGE_CATALOGUE[pkg as ChosenPackage]?.kiosks_and_displays === true;
    return { kiosks: full, displays: full };
  }

  packages(): PackageInfo[] {
    const trial: PackageInfo = {
      id: 'TRIAL',
      name: 'Trial',
      sms_per_period: null,
      sms_total: TRIAL_SMS,
      trial_days: TRIAL_DAYS,
      kiosks_and_displays: true,
      prices: null,
      currency: 'EUR',
    };
    const names: Record<ChosenPackage, string> = { FREE: 'Free', LIBERUP: 'LiberUp', LIBERPRO: 'LiberPro' };
    return [
      trial,
      ...(Object.keys(PACKAGE_CATALOGUE) as ChosenPackage[]).map((id) => ({
        id,
        name: names[id],
        sms_per_period: PACKAGE_CATALOGUE[id].sms,
        sms_total: null,
        trial_days: null,
        kiosks_and_displays: PACKAGE_CATALOGUE[id].kiosks_and_displays,
        prices: PACKAGE_CATALOGUE[id].price,
        currency: 'EUR',
      })),
    ];
  }
}
