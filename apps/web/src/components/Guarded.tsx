import { createElement, isValidElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { AccessDeniedPage } from './AccessDeniedPage';
import { routeAccess } from '../auth/access';
import { readSession, subjectOf } from '../auth/session';

/**
 * Decided from the stored session before anything renders: a page the role may not open never
 * mounts, so its data is never asked for (a 403 would end the session, docs/product.md#sessions), and a visitor
 * without a session is sent to /login at once instead of after react-admin's asynchronous checks.
 */
function Gate({ path, denied, children }: { path: string; denied?: ReactNode; children: ReactNode }) {
  const session = readSession();
  if (!session) return <Navigate to="/login" replace />;
  const verdict = routeAccess(path, subjectOf(session));
  // 'upgrade': the role may open the page, whose own screen tells the plan it needs.
  if (verdict === 'forbidden' || verdict === 'unknown' || verdict === 'login') return <>{denied ?? <AccessDeniedPage />}</>;
  return <>{children}</>;
}

/**
 * A custom page: logged in first (else /login), then the role's right to the path (else the error
 * page in place, or `denied` for a page outside the layout, which must still offer the menu).
 */
export function Guarded({ path, denied, children }: { path: string; denied?: ReactNode; children: ReactNode }) {
  return (
    <Gate path={path} denied={denied}>
      {children}
    </Gate>
  );
}

/** A resource's page, judged by the address it is opened at (`/customers/12/show` takes `/customers`'s rule). */
function AtLocation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Gate path={pathname}>{children}</Gate>;
}

type Page = ComponentType | ReactElement | undefined;
const PAGES = ['list', 'create', 'edit', 'show'] as const;

/** A resource's configuration with each of its pages behind the guard. */
export function guardResource<T extends Partial<Record<(typeof PAGES)[number], Page>>>(config: T): T {
  const guarded: Record<string, unknown> = { ...config };
  for (const key of PAGES) {
    const page = config[key];
    if (!page) continue;
    const node = isValidElement(page) ? page : createElement(page as ComponentType);
    guarded[key] = () => <AtLocation>{node}</AtLocation>;
  }
  return guarded as T;
}
