import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { guard } from '../../machines/guard';
import { findRoute, isScreen, type Layout, type ScreenModule, type ScreenProps, type ScreenRoute } from './routes';
import { useAuthPending, useUser } from './auth';
import { ScreenErrorBoundary } from './ErrorBoundary';
import { PageLoader } from '../ui/PageLoader';
import { PublicLayout } from '../layouts/PublicLayout';
import { AuthLayout } from '../layouts/AuthLayout';
import { AreaLayout } from '../layouts/AreaLayout';

/**
 * One load per route, started by the first visit (or by preloadScreen before the first render); forgotten after a
 * failed load so Retry re-imports. A screen whose chunk has arrived renders at once: no fallback flashes in between.
 */
const loads = new Map<ScreenRoute, Promise<ScreenModule>>();
const loaded = new Map<ScreenRoute, ComponentType<ScreenProps>>();
const screens = new Map<ScreenRoute, LazyExoticComponent<ComponentType<ScreenProps>>>();
function load(route: ScreenRoute): Promise<ScreenModule> {
  let p = loads.get(route);
  if (!p) {
    loads.set(route, (p = route.load().then((m) => { loaded.set(route, m.default); return m; })));
    p.catch(() => loads.delete(route));
  }
  return p;
}
function screenFor(route: ScreenRoute) {
  const ready = loaded.get(route);
  if (ready) return ready;
  let screen = screens.get(route);
  if (!screen) screens.set(route, (screen = lazy(() => load(route))));
  return screen;
}
const forget = (route: ScreenRoute) => { screens.delete(route); loads.delete(route); loaded.delete(route); };

/** Fetches the chunk of the screen at this path, so the first render can show it (main.tsx waits for it). */
export function preloadScreen(path: string): Promise<unknown> {
  const { route } = findRoute(path);
  return isScreen(route) ? load(route).catch(() => undefined) : Promise.resolve();
}

const LAYOUTS: Record<Layout, ComponentType<{ children: React.ReactNode; layout: Layout }>> = {
  public: PublicLayout,
  auth: AuthLayout,
  agent: AreaLayout,
  admin: AreaLayout,
};

export function AppRouter() {
  const [location] = useLocation();
  const { t } = useTranslation();
  const user = useUser();
  const pending = useAuthPending();
  const { route, params } = findRoute(location);

  useEffect(() => {
    document.title = `${t(route.title)} · Safar`;
  }, [route, t]);
  useEffect(() => {
    window.scrollTo(0, 0); // block body: newer browsers return a promise here, and React would call it as a cleanup
  }, [location]);

  const LayoutView = LAYOUTS[route.layout];
  if (pending && route.access) {
    return <LayoutView layout={route.layout}><PageLoader /></LayoutView>;
  }
  const verdict = guard(user, route.access);
  const target = !verdict.allow ? verdict.redirect : isScreen(route) ? null : route.redirect;
  // Keyed so a chain of redirects (admin → agent dashboard → pending approval) mounts a fresh Redirect each hop.
  if (target) return <Redirect key={`${location}>${target}`} to={target} replace />;
  if (!isScreen(route)) return null;

  const Screen = screenFor(route);
  return (
    <LayoutView layout={route.layout}>
      <ScreenErrorBoundary key={location} onRetry={() => forget(route)}>
        <Suspense fallback={<PageLoader />}>
          <Screen params={params} />
        </Suspense>
      </ScreenErrorBoundary>
    </LayoutView>
  );
}
