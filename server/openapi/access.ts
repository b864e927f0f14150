/**
 * Who may call a route, read off its own guards: server/http/guards.ts gives every guard an `access` (guests or not,
 * and its callers' labels), so the document says what the server enforces without anyone writing it again.
 */
import type { Access } from '../http/guards';

/** What Hono's `app.routes` holds: one entry per handler, middleware (`use`) as method ALL. */
export interface RouteEntry { method: string; path: string; handler: unknown }

export interface RouteAccess {
  /** No guard at all. */
  public: boolean;
  /** Callers without a session are admitted. */
  guests: boolean;
  /** One label per kind of caller admitted, e.g. "permission bookings.read", "approved agent", "guest". */
  roles: string[];
  /** The same in a sentence, for the operation's description. */
  sentence: string;
}

const accessOf = (handler: unknown): Access | undefined =>
  typeof handler === 'function' && 'access' in handler ? (handler as { access: Access }).access : undefined;

/** Hono's path pattern ("/api/supplier-console/*", "/api/x/:id") as a test of a concrete route path. */
function covers(pattern: string, path: string): boolean {
  const re = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')).join('.*');
  return new RegExp(`^${re}$`).test(path);
}

const listed = (labels: string[]) => (labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`);

/**
 * The guards in front of a route's handler: those declared with it, and `use` middleware registered before it on
 * a pattern covering its path (middleware registered later never runs: the handler answers first).
 */
export function routeAccess(routes: RouteEntry[], method: string, path: string): RouteAccess {
  const last = routes.findLastIndex((r) => r.method === method && r.path === path);
  const guards = routes
    .slice(0, last + 1)
    .filter((r) => (r.method === method && r.path === path) || (r.method === 'ALL' && r.path !== path && covers(r.path, path)))
    .map((r) => accessOf(r.handler))
    .filter((a): a is Access => a !== undefined);
  if (!guards.length) return { public: true, guests: true, roles: ['public'], sentence: 'Public: no session needed.' };
  const guests = guards.every((g) => g.guests);
  // Several guards must all admit the caller: each one's alternatives, joined with "and" (a guard met twice, once).
  const distinct = [...new Map(guards.map((g) => [listed(g.callers), g])).values()];
  const callers = distinct.map((g) => listed(g.callers)).join(' and ');
  const roles = [...(guests ? ['guest'] : []), ...(distinct.length === 1 ? distinct[0].callers : [callers])];
  const sentence = guests
    ? `Guests, or signed in as ${callers} (403 for any other signed-in caller).`
    : `Signed in as ${callers}: 401 without a session, 403 for any other caller.`;
  return { public: false, guests, roles, sentence };
}
