import { lazy, Suspense, useEffect, useLayoutEffect, useReducer, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { newBuildOut, reloadForNewBuild } from '../api/build';
import { useTranslation } from 'react-i18next';
import { guard } from '../../machines/guard';
import { findRoute, isScreen, type Layout, type ScreenProps, type ScreenRoute } from './routes';
import { forgetScreen, loadedScreen, loadScreen, preloadScreen } from './screens';
import { ScreenPreloadProvider } from './screen';
import { useAuthPending, useUser } from './auth';
import { ScreenErrorBoundary } from './ErrorBoundary';
import { ChooseFromList } from './ChooseFromList';
import { PageLoader } from '../ui/PageLoader';
import { showToast } from '../ui/toast';
import { PublicLayout } from '../layouts/PublicLayout';
import { AuthLayout } from '../layouts/AuthLayout';
import { AreaLayout } from '../layouts/AreaLayout';

/** A lazy component per route for a screen whose chunk has not arrived yet; forgotten with its load on Retry. */
const screens = new Map<ScreenRoute, LazyExoticComponent<ComponentType<ScreenProps>>>();
function screenFor(route: ScreenRoute) {
  const ready = loadedScreen(route);
  if (ready) return ready;
  let screen = screens.get(route);
  if (!screen) screens.set(route, (screen = lazy(() => loadScreen(route))));
  return screen;
}
const forget = (route: ScreenRoute) => { screens.delete(route); forgetScreen(route); };

const LAYOUTS: Record<Layout, ComponentType<{ children: React.ReactNode; layout: Layout }>> = {
  public: PublicLayout,
  auth: AuthLayout,
  agent: AreaLayout,
  admin: AreaLayout,
};

/**
 * Once the server serves a newer build, any move to another address (a link, a machine's navigation, back or
 * forward) loads that address in full, so the reader lands in the new app instead of a screen whose chunk is gone.
 */
function useFullLoadOnNewBuild(location: string): boolean {
  const shown = useRef(location);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const fullLoad = location !== shown.current && newBuildOut();
  useLayoutEffect(() => {
    if (fullLoad && reloadForNewBuild()) return;
    // Not reloading (this build was loaded once already): show the screen after all.
    if (shown.current !== location) { shown.current = location; if (fullLoad) rerender(); }
  });
  return fullLoad;
}

export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  const { t } = useTranslation();
  const user = useUser();
  const { route, params } = findRoute(location);
  // Only a route that needs a user waits for "who am I"; a public page does not render again when the answer comes.
  const pending = useAuthPending(!!route.access);
  const fullLoad = useFullLoadOnNewBuild(location);

  useEffect(() => {
    document.title = `${t(route.title)} · Safar`;
  }, [route, t]);
  useEffect(() => {
    window.scrollTo(0, 0); // block body: newer browsers return a promise here, and React would call it as a cleanup
  }, [location]);

  const LayoutView = LAYOUTS[route.layout];
  if (fullLoad) return <LayoutView layout={route.layout}><PageLoader /></LayoutView>;
  if (pending && route.access) {
    return <LayoutView layout={route.layout}><PageLoader /></LayoutView>;
  }
  const verdict = guard(user, route.access);
  const target = !verdict.allow ? verdict.redirect : isScreen(route) ? null : route.redirect;
  // Keyed so a chain of redirects (admin → agent dashboard → pending approval) mounts a fresh Redirect each hop.
  if (target && !verdict.allow && verdict.forbidden) return <Refused key={`${location}>${target}`} to={target} page={t(route.title)} />;
  // A route that moved keeps its query (an old link's ?id= opens the same booking at the new address).
  const to = target && !verdict.allow ? target : target && search ? `${target}?${search}` : target;
  if (to) return <Redirect key={`${location}>${to}`} to={to} replace />;
  if (!isScreen(route)) return null;

  if (route.detailOf && !route.detailOf.params.some((p) => new URLSearchParams(search).get(p))) {
    return <LayoutView layout={route.layout}><ChooseFromList list={route.detailOf.list} /></LayoutView>;
  }
  const Screen = screenFor(route);
  return (
    <LayoutView layout={route.layout}>
      <ScreenErrorBoundary key={location} onRetry={() => forget(route)}>
        <Suspense fallback={<PageLoader />}>
          <ScreenPreloadProvider value={preloadScreen}>
            <Screen params={params} />
          </ScreenPreloadProvider>
        </Suspense>
      </ScreenErrorBoundary>
    </LayoutView>
  );
}

/** A page the user's role may not open: they are sent where they belong, told why there. */
function Refused({ to, page }: { to: string; page: string }) {
  const { t } = useTranslation();
  useEffect(() => { showToast(t('common.forbiddenPage', { page }), { type: 'warning', id: `forbidden:${page}` }); }, [page, t]);
  return <Redirect to={to} replace />;
}
