import { mayOpen, routeAccess, ruleOf } from './access';

const admin = { role: 'ADMIN', package: 'FREE' };
const manager = { role: 'MANAGER', package: 'LIBERUP' };
const agent = { role: 'EMPLOYEE', package: 'LIBERPRO' };

describe('routeAccess', () => {
  it.each([
    ['/login', null, 'public'],
    ['/register', admin, 'public'],
    ['/t/abc123', null, 'public'],
    ['/display', null, 'public'],
    ['/display/login', null, 'public'],
    ['/dashboard', null, 'login'],
    ['/dashboard', agent, 'allowed'],
    ['/profile', agent, 'allowed'],
    ['/activity', agent, 'allowed'],
    ['/queues/7f1c/waitinglist', agent, 'allowed'],
    ['/settings/team', agent, 'forbidden'],
    ['/settings/team', manager, 'allowed'],
    ['/settings/team/3b9e', agent, 'forbidden'],
    ['/settings/departments/create', manager, 'allowed'],
    ['/settings/departments/create', agent, 'forbidden'],
    ['/queues/create', agent, 'forbidden'],
    ['/queues/7f1c/edit', manager, 'allowed'],
    ['/settings/business', manager, 'forbidden'],
    ['/settings/business', admin, 'allowed'],
    ['/settings/holidays/create', admin, 'allowed'],
    ['/settings/holidays', manager, 'forbidden'],
    ['/kiosks', admin, 'upgrade'],
    ['/kiosks', manager, 'allowed'],
    ['/displays', agent, 'forbidden'],
    ['/displays', { role: 'ADMIN', package: 'TRIAL' }, 'allowed'],
    ['/nowhere', admin, 'unknown'],
    ['/settings/nothing', admin, 'unknown'],
  ])('%s for %j is %s', (path, subject, verdict) => {
    expect(routeAccess(path, subject)).toBe(verdict);
  });

  it('ignores the query string', () => {
    expect(ruleOf('/login?fromRegister=1')).toBe('public');
    expect(routeAccess('/settings/team?page=2', manager)).toBe('allowed');
  });

  it('lets a user open public and allowed routes only', () => {
    expect(mayOpen('/login', null)).toBe(true);
    expect(mayOpen('/settings/services', agent)).toBe(false);
    expect(mayOpen('/settings/services', admin)).toBe(true);
  });
});
