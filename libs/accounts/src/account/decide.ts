import { PAID_PACKAGES, PLANS, type Plan } from '@tabour/contracts';
import { conflict, invalid, notFound } from '@tabour/platform';
import type { AccountCommand } from './commands';
import type { AccountEvent } from './events';
import type { AccountState } from './state';

export const TRIAL_DAYS = 14;
export const TRIAL_SMS = 200;

const DAY = 24 * 3600 * 1000;

export function addPeriod(from: Date, plan: Plan): Date {
  const d = new Date(from);
  if (plan === 'monthly') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

export function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'RegisterBusiness') {
    if (state.status !== 'none') throw conflict('This business is already registered', 'already_registered');
    const ends = new Date(command.now.getTime() + TRIAL_DAYS * DAY).toISOString();
    const { business_id, name, email, phone, country, owner } = command;
    const events: AccountEvent[] = [
      {
        type: 'BusinessRegistered',
        data: { business_id, name, email, phone, country, owner, registered_at: at, owner_credential_id: command.credential_id },
      },
      { type: 'MembershipTrialStarted', data: { business_id, starts_at: at, ends_at: ends, sms_allowance: TRIAL_SMS } },
    ];
    if (command.auto_approve) events.push({ type: 'BusinessApproved', data: { business_id, approved_at: at, automatic: true } });
    return events;
  }
  if (state.status === 'none') throw notFound('No business account found');
  if (command.type === 'ApproveBusiness') {
    if (state.status === 'approved') return [];
    return [{ type: 'BusinessApproved', data: { business_id: command.business_id, approved_at: at, automatic: false } }];
  }
  if (!PAID_PACKAGES.includes(command.package)) throw invalid('Select a valid package', { package: ['Select a valid package'] });
  if (command.package === 'FREE' && command.plan !== null) throw invalid('The free package has no plan', { plan: ['The free package has no plan'] });
  if (command.package !== 'FREE' && (command.plan === null || !PLANS.includes(command.plan))) {
    throw invalid('Select a valid plan', { plan: ['Select a valid plan'] });
  }
  const ends_at = command.plan ? addPeriod(command.now, command.plan).toISOString() : null;
  return [
    { type: 'MembershipPackageChanged', data: { business_id: command.business_id, package: command.package, plan: command.plan, starts_at: at, ends_at } },
  ];
}
