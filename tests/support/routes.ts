import type { Hono } from 'hono';
import type { AppEnv } from '../../server/context';

export interface AppRoute { method: string; path: string; key: string; params: string[] }

/**
 * Every route the app answers, from its own route table. A route declared with guards appears once per handler
 * (`r.get(path, guard, handler)` is two entries), and `use`/`all('*')` entries are middleware or the 404
 * fallback, so: one entry per method and path, ALL left out.
 */
export function appRoutes(app: Hono<AppEnv>): AppRoute[] {
  const seen = new Map<string, AppRoute>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, key, params: [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]) });
  }
  return [...seen.values()];
}

export const isMutating = (r: AppRoute) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);

/** A plausible value for each path parameter: well formed, naming nothing that exists (so a write changes nothing). */
export const PARAM_VALUES: Record<string, string> = {
  id: '999999',
  code: 'ZZZ',
  file_name: '0123456789abcdef0123456789abcdef.png',
  reference: 'Q0123456789AB',
  supplier: 'embedded',
  sooper: '0',
  tracker: 'no-such-tracker-0000',
};

/** The path with its parameters filled in (`over` wins over the defaults). */
export function fillPath(route: AppRoute, over: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(over[name] ?? PARAM_VALUES[name] ?? 'x'));
}
