import type { ChosenPackage } from '@tabour/accounts';
import { PACKAGE_RANK, type Plan } from '@tabour/contracts';

/** Whether moving from one package and plan to another costs more now (an upgrade, paid at once) or less (scheduled at the period's end). */
export function isUpgrade(from: { package: ChosenPackage | null; plan: Plan | null }, to: { package: ChosenPackage; plan: Plan | null }): boolean {
  if (!from.package || from.package === 'FREE') return true;
  const a = PACKAGE_RANK[from.package];
  const b = PACKAGE_RANK[to.package];
  if (b !== a) return b > a;
  return from.plan === 'monthly' && to.plan === 'yearly';
}
