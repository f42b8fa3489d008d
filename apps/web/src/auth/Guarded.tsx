import type { ReactNode } from 'react';
import { Authenticated, CanAccess } from 'react-admin';
import { AccessDeniedPage } from '../public/InfoPages';

/** A custom page: logged in first (else /login), then the role's right to the path (else the error page). */
export function Guarded({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Authenticated>
      <CanAccess action="access" resource={path.replace(/^\//, '')} accessDenied={<AccessDeniedPage />}>
        {children}
      </CanAccess>
    </Authenticated>
  );
}
