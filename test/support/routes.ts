import type { INestApplication } from '@nestjs/common';

export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  params: string[];
}

/** Every route the Nest app answers, read from the Express router, so new calls are covered at once. */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const instance = app.getHttpAdapter().getInstance();
  // Express's router layers, as far as read here.
  const stack: { route?: { path?: unknown; methods: Record<string, boolean> } }[] = (instance.router ?? instance._router)?.stack ?? [];
  const out: RouteInfo[] = [];
  for (const layer of stack) {
    const route = layer.route;
    // nestjs-pino's middleware is mounted as a route on every path and method: no call of the API.
    if (!route?.path || String(route.path).includes('{*')) continue;
    for (const method of Object.keys(route.methods)) {
      if (method === '_all') continue;
      const path = String(route.path);
      out.push({ method: method.toUpperCase() as RouteInfo['method'], path, params: [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]) });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
