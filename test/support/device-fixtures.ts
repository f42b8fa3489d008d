import type { TestApp } from './app';
import { auth } from './fixtures';
import { fillPath, listRoutes } from './routes';

export const PLAN_MESSAGE = 'You must upgrade your account to get access to this functionality';

/**
 * The staff calls (`/business`, not public) that do not refuse this token with 403: empty
 * for a device's token. A call is public when it answers something else than 401 unsigned.
 */
export async function staffCallsAdmitting(t: TestApp, token: string): Promise<string[]> {
  const admitted: string[] = [];
  for (const r of listRoutes(t.app).filter((x) => x.path.startsWith('/business/'))) {
    const url = fillPath(r.path, Object.fromEntries(r.params.map((p) => [p, '00000000-0000-4000-8000-000000000001'])));
    const method = r.method.toLowerCase() as 'get';
    const anonymous = await t.http()[method](url).send({});
    if (anonymous.status !== 401) continue;
    const res = await t.http()[method](url).set(auth(token)).send({});
    // The feed opens to integrators' API keys only: any other bearer is no credential there (401).
    const refused = r.path.startsWith('/business/integrations/feed') ? 401 : 403;
    if (res.status !== refused) admitted.push(`${r.method} ${r.path} → ${res.status}`);
  }
  return admitted;
}
