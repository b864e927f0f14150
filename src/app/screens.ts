import type { ComponentType } from 'react';
import { startLoad } from '../api/early';
import { checkBuild, reloadForNewBuild } from '../api/build';
import { findRoute, isScreen, type ScreenModule, type ScreenProps, type ScreenRoute } from './routes';

/**
 * Screen chunks, one load per route, started by the first visit or by main.tsx before the first render; forgotten
 * after a failed load so Retry re-imports.
 */
const loads = new Map<ScreenRoute, Promise<ScreenModule>>();
const loaded = new Map<ScreenRoute, ComponentType<ScreenProps>>();

export function loadScreen(route: ScreenRoute): Promise<ScreenModule> {
  let p = loads.get(route);
  if (!p) {
    // An agent or back-office screen renders with its area's strings (vite/dictionary.ts), fetched beside its code.
    const strings = route.layout === 'agent' || route.layout === 'admin' ? import('../i18n/area-strings') : null;
    loads.set(route, (p = Promise.all([route.load(), strings]).then(([m]) => { loaded.set(route, m.default); return m; })));
    // A deploy removes the old build's chunks: when the server now serves another build, load the page afresh.
    p.catch(async () => { loads.delete(route); if (await checkBuild()) reloadForNewBuild(); });
  }
  return p;
}

/** The screen's component once its chunk has arrived (it renders without Suspense then), else undefined. */
export const loadedScreen = (route: ScreenRoute) => loaded.get(route);

export function forgetScreen(route: ScreenRoute) {
  loads.delete(route);
  loaded.delete(route);
}

/** Fetches the chunk of the screen at this path and starts the GETs it makes on mount (route.data). */
export function preloadScreen(path: string): Promise<unknown> {
  const { route } = findRoute(path);
  if (!isScreen(route)) return Promise.resolve();
  route.data?.forEach(([p, q, picture]) => startLoad(p, q, picture));
  return loadScreen(route).catch(() => undefined);
}
