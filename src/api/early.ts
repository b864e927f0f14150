import { accessToken } from './token';

/**
 * GETs a screen needs, started beside its chunk on a first visit instead of after it has rendered (the route table
 * names them: ScreenRoute.data); the feature's api.ts takes the answer once. The query must be the one the screen asks with.
 * Plain fetch (no toasts, no retry): any failure leaves the screen to ask again through the client, which reports
 * errors as usual.
 */
type Query = Record<string, string | number | undefined>;
const started = new Map<string, { answer: Promise<unknown | null>; at: number; arrived?: unknown }>();
const FRESH_MS = 30_000;

export const cleanQuery = (query?: Query) => Object.fromEntries(Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
const search = (query?: Query) => new URLSearchParams(Object.entries(cleanQuery(query)).map(([k, v]) => [k, String(v)])).toString();

/** A picture the page is about to show, fetched at once with a high priority (the <img> then finds it cached). */
function preloadImage(href: string) {
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href, fetchPriority: 'high' });
  document.head.appendChild(link);
}

/** GETs the page's shell script started before the app ran (vite/app-shell.ts), by the same keys; taken once. */
type ShellStarted = Record<string, { a: Promise<unknown | null>; t: number }>;
function fromShell(key: string) {
  const shell = (window as { __early?: ShellStarted }).__early;
  const early = shell?.[key];
  if (early) delete shell[key];
  return early;
}

/** `picture`: fields of a list's first item naming its picture (the first one set is preloaded). */
export function startLoad(path: string, query?: Query, picture?: string[]): void {
  const qs = search(query);
  const key = `${path}?${qs}`;
  if (started.has(key)) return;
  const shell = fromShell(key);
  if (shell) {
    keep(key, { answer: shell.a, at: shell.t });
    return;
  }
  const token = accessToken.get();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'en' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = fetch(`/api${path}${qs ? `?${qs}` : ''}`, { credentials: 'include', headers })
    .then((res) => (res.ok ? res.json() : null), () => null);
  if (picture) {
    void answer.then((body) => {
      const first = (body as { data?: Record<string, unknown>[] } | null)?.data?.[0];
      const href = picture.map((field) => first?.[field]).find((v): v is string => typeof v === 'string' && v !== '');
      if (href) preloadImage(href);
    });
  }
  keep(key, { answer, at: Date.now() });
}

function keep(key: string, early: { answer: Promise<unknown | null>; at: number; arrived?: unknown }) {
  started.set(key, early);
  void early.answer.then((body) => { early.arrived = body; });
}

/**
 * The answer of a GET started early if it has already arrived (not taken: the screen's load still takes it), so
 * that the screen's first render can show it rather than a "Loading" frame between the shell's page and its own.
 */
export function arrivedLoad<T>(path: string, query?: Query): T | null {
  const early = started.get(`${path}?${search(query)}`);
  return early && Date.now() - early.at < FRESH_MS ? ((early.arrived ?? null) as T | null) : null;
}

/** The answer of a GET started early (null if it failed), once; null when none was started. */
export function takeLoad<T>(path: string, query?: Query): Promise<T | null> | null {
  const key = `${path}?${search(query)}`;
  // A GET no route table names (the hotel search, whose query is the address's) is only in the shell's.
  const shell = started.has(key) ? undefined : fromShell(key);
  const early = shell ? { answer: shell.a, at: shell.t } : started.get(key);
  started.delete(key);
  return early && Date.now() - early.at < FRESH_MS ? (early.answer as Promise<T | null>) : null;
}
