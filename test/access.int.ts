import { callRule, PLAN_PACKAGES, RULE_ROLES, STAFF_CALLS, type StaffRule } from '@tabour/contracts';
import type { Role } from '@tabour/platform';
import { createTestApp, TestApp } from './support/app';
import { login, STRONG_PASSWORD } from './support/fixtures';
import { head, newBusiness, newMember, Staff } from './support/organisation-fixtures';
import { declaredAccess, DeclaredAccess } from './support/route-access';
import { fillPath, listRoutes } from './support/routes';

/** Calls that end the caller's own session or business: their own tests make them. */
const SELF_ENDING = new Set(['POST /business/account/logout', 'DELETE /business/delete', 'DELETE /business/history/delete']);
const ZERO = '00000000-0000-4000-8000-000000000000';
/** Calls open to every role for the caller's own record alone (the handler checks whose): made on it. */
const OWN_RECORD: Record<string, (s: Staff) => Record<string, string>> = { 'GET /business/users/:id': (s) => ({ id: s.userId }) };
const key = (a: { method: string; path: string }) => `${a.method} ${a.path}`;
const isStaffCall = (a: DeclaredAccess) => !a.public && a.kinds.includes('user');
const admits = (rule: StaffRule, role: Role) => rule === 'any' || RULE_ROLES[rule].includes(role);

describe('the access table over every call', () => {
  let t: TestApp;
  let calls: DeclaredAccess[];
  beforeAll(async () => {
    t = await createTestApp();
    calls = declaredAccess(t.app);
  });
  afterAll(() => t.close());

  it("reads every route of the router from the controllers' declarations", () => {
    const declared = new Set(calls.map(key));
    // The OpenAPI document and its page are the only routes that are not the API's calls.
    const undeclared = listRoutes(t.app).filter((r) => !declared.has(key(r)) && !r.path.startsWith('/docs/api'));
    expect(undeclared).toEqual([]);
    expect(calls.filter(isStaffCall).length).toBeGreaterThan(250);
  });

  it('lists every staff call in the table once, and nothing else', () => {
    const staff = new Set(calls.filter(isStaffCall).map(key));
    const listed = Object.values(STAFF_CALLS).flat();
    expect(listed.length).toBe(new Set(listed).size);
    expect([...staff].filter((c) => !listed.includes(c))).toEqual([]);
    expect(listed.filter((c) => !staff.has(c))).toEqual([]);
  });

  it("declares on each call the roles and packages of the table's rule", () => {
    const wrong: string[] = [];
    for (const c of calls) {
      const rule = callRule(c.method, c.path);
      if (!isStaffCall(c)) {
        if (c.roles.length) wrong.push(`${key(c)}: roles ${c.roles} on a call no staff token makes`);
        continue;
      }
      const roles = rule === 'any' || rule === null ? [] : [...RULE_ROLES[rule]];
      const plans = rule === 'plan' ? [...PLAN_PACKAGES] : [];
      if (JSON.stringify([...c.roles].sort()) !== JSON.stringify(roles.sort()))
        wrong.push(`${key(c)}: declares ${c.roles.join('+') || 'any role'}, the table says ${rule}`);
      if (JSON.stringify([...c.plans].sort()) !== JSON.stringify(plans.sort()))
        wrong.push(`${key(c)}: packages ${c.plans.join('+') || 'none'}, the table says ${rule}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the settings of the business to ADMIN: booking confirmation and the booking days', () => {
    expect(callRule('PUT', '/business/bookingSettings')).toBe('admin');
    expect(callRule('POST', '/business/bookingdays/update')).toBe('admin');
    // Read by the booking screens of every role.
    expect(callRule('GET', '/business/bookingSettings')).toBe('any');
  });

  it("answers each role's calls as the table says: 403 where the rule leaves the role out, and writes nothing then", async () => {
    const owner = await newBusiness(t, 'Access Clinic');
    const staff: Record<'ADMIN' | 'MANAGER' | 'EMPLOYEE', Staff> = {
      ADMIN: owner,
      MANAGER: await newMember(t, owner, 'Manager'),
      EMPLOYEE: await newMember(t, owner, 'Employee'),
    };
    const wrong: string[] = [];
    let tried = 0;
    for (const c of calls.filter(isStaffCall)) {
      if (SELF_ENDING.has(key(c))) continue;
      const rule = callRule(c.method, c.path)!;
      const zeros = Object.fromEntries([...c.path.matchAll(/:(\w+)/g)].map((m) => [m[1], ZERO]));
      for (const role of ['EMPLOYEE', 'MANAGER', 'ADMIN'] as const) {
        const url = fillPath(c.path, { ...zeros, ...OWN_RECORD[key(c)]?.(staff[role]) });
        const before = await head(t);
        const send = () => t.http()[c.method.toLowerCase() as 'get'](url).set(staff[role].h).set('Accept', 'application/json').send({});
        let res = await send();
        if (res.status === 401) {
          // An allowed call ended the caller's session (a password or session call): log in again.
          Object.assign(staff[role], await login(t, staff[role].email, STRONG_PASSWORD));
          staff[role].h = { Authorization: `Bearer ${staff[role].token}` };
          res = await send();
        }
        tried++;
        const refused = res.status === 403 && res.body.code === 'forbidden' && res.body.message === 'You are not allowed to do this';
        if (admits(rule, role) === refused) wrong.push(`${key(c)} as ${role} (${rule}) → ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
        if (refused && (await head(t)) !== before) wrong.push(`${key(c)} as ${role}: refused, but events were written`);
      }
    }
    console.log(`access: ${tried} calls over ${tried / 3} staff calls, ${wrong.length} answered against the table`);
    expect(wrong).toEqual([]);
  }, 300_000);
});
