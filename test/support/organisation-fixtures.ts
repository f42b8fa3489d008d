import type { Position } from '@tabour/platform';
import { StaffAccounts } from '../../apps/api/src/common/staff-accounts';
import type { TestApp } from './app';
import { auth, LoggedIn, login, registerBusiness, STRONG_PASSWORD, uniqueEmail } from './fixtures';

export interface Staff extends LoggedIn {
  h: Record<string, string>;
}

const withHeaders = (l: LoggedIn): Staff => ({ ...l, h: auth(l.token) });

/** A newly registered business, its owner logged in (an ADMIN). */
export async function newBusiness(t: TestApp, name = 'Test Clinic'): Promise<Staff> {
  return withHeaders(await registerBusiness(t, name));
}

/**
 * A team member added by `by` through the team screen's call, given a password the way the
 * demo seed does (the reset-code path has its own test), then logged in.
 */
export async function newMember(t: TestApp, by: Staff, position: Position, extra: Record<string, unknown> = {}): Promise<Staff & { memberId: string }> {
  const email = uniqueEmail(position.toLowerCase().replace(' ', '-'));
  const res = await t
    .http()
    .post('/business/team/create')
    .set(by.h)
    .send({ first_name: 'Team', last_name: position, email, position, ...extra });
  if (res.status !== 201) throw new Error(`team/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  await t.app.get(StaffAccounts).setPassword(by.businessId, res.body.id, STRONG_PASSWORD, { type: 'system' });
  return { ...withHeaders(await login(t, email, STRONG_PASSWORD)), memberId: res.body.id };
}

/** The accounts context's port, as the team commands use it. */
export const staffAccounts = (t: TestApp): StaffAccounts => t.app.get(StaffAccounts);

/** The global position of the last event: unchanged after a refused call means nothing was written. */
export async function head(t: TestApp): Promise<number> {
  const { sql } = await import('kysely');
  const r = await sql<{ position: string }>`SELECT position FROM es_head`.execute(t.database.db);
  return Number(r.rows[0].position);
}

export const WEEK = (open: Partial<Record<string, [string, string][]>>) =>
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    open: !!open[day],
    ranges: (open[day] ?? []).map(([from, to]) => ({ from, to })),
  }));
