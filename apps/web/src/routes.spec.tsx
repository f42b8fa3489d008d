// The table is read without react-admin's screens (their modules need a browser).
jest.mock('react-admin', () => ({ Loading: () => null }));
jest.mock('./components/Guarded', () => ({ Guarded: () => null }));
jest.mock('./dashboard/Dashboard', () => ({ Dashboard: () => null }));
jest.mock('./profile/Profile', () => ({ Profile: () => null }));
jest.mock('./public/InfoPages', () => ({ AccessDeniedPage: () => null, NotFoundInApp: () => null, NotFoundPage: () => null }));
jest.mock('./public/LoginPage', () => ({ LoginPage: () => null, NoCaptchaLoginPage: () => null, TenantLoginPage: () => null }));
jest.mock('./queues/QueueForm', () => ({ QueueCreate: () => null, QueueEdit: () => null }));
jest.mock('./queues/QueueList', () => ({ QueueList: () => null }));
jest.mock('./queues/waitinglist/route', () => ({ WaitingListScreen: () => null }));

import { PUBLIC_ROUTES } from './auth/access';
import { VISITOR_PAGES } from './public/routes';
import { accessOf, pageRoutes } from './routes';

const routes = pageRoutes(({ children }) => children);

describe('the route table', () => {
  it('gives every page a rule of the access table, and each path once', () => {
    expect(routes.filter((r) => accessOf(r.path) === null).map((r) => r.path)).toEqual([]);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('routes every public screen of the access table but /, and no other page without a guard', () => {
    const open = routes.filter((r) => accessOf(r.path) === 'public').map((r) => r.path);
    expect([...open, '/login'].sort()).toEqual(PUBLIC_ROUTES.filter((p) => p !== '/').sort());
    expect(VISITOR_PAGES.every((p) => accessOf(p) === 'public')).toBe(true);
  });

  it("routes a resource's pages under it, judged by their own path", () => {
    const queues = routes.filter((r) => r.resource === 'queues');
    expect(queues.map((r) => [r.path, accessOf(r.path)])).toEqual([
      ['/queues/:id/edit/*', 'manager'],
      ['/queues/:id/waitinglist', 'any'],
      ['/queues/:id/archive', 'manager'],
      ['/queues/:id/counterStats', 'manager'],
      ['/queues/:id/reorderServices', 'any'],
    ]);
  });
});
