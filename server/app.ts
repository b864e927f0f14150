import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { servedBuild } from './http/build';
import { BUILD_HEADER } from '../contract/http';
import { compress } from './http/compress';
import { bodyLimit } from './http/body-limit';
import type { AppContext, AppEnv } from './context';
import { ApiError, onError } from './http/errors';
import { cleanUrlInput } from './http/clean-input';
import { issueXsrfCookie, loadUser, xsrf } from './http/session';
import { authRoutes } from './auth/routes';
import { devRoutes } from './mail/dev.routes';
import { agentAreaRoutes } from './agents/routes';
import { leanAssetHeaders, staticApp } from './http/static';
import { oneOrigin } from './http/one-origin';
import { uploadRoutes } from './uploads/routes';
import { visaRoutes } from './catalogue/visas.routes';
import { holidayRoutes } from './catalogue/holidays.routes';
import { umrahRoutes } from './catalogue/umrah.routes';
import { groupTicketRoutes } from './catalogue/group-tickets.routes';
import { headerImageRoutes } from './catalogue/header-images.routes';
import { promoRoutes } from './catalogue/promo.routes';
import { aircraftRoutes } from './catalogue/aircraft.routes';
import { supplierRoutes } from './catalogue/suppliers.routes';
import { insuranceRoutes } from './catalogue/insurance.routes';
import { leadRoutes } from './leads/routes';
import { bookingRoutes } from './bookings/routes';
import { bookingOpsRoutes } from './booking-ops/routes';
import { pnrRoutes } from './pnr/routes';
import { supplierConsoleRoutes } from './supplier-console/routes';
import { reconciliationRoutes } from './reconciliation/routes';
import { quoteRoutes } from './quotes/routes';
import { bookingSettingsRoutes } from './booking-ops/settings.routes';
import { refundRoutes } from './booking-ops/refunds.routes';
import { reissueRoutes } from './booking-ops/reissue.routes';
import { paymentRoutes } from './payments/routes';
import { hostedPaymentRoutes } from './payments/hosted-routes';
import { sandboxPages } from './payments/sandbox';
import { flightRoutes } from './flights/routes';
import { flightCalendarRoutes } from './flights/calendar.routes';
import { hotelRoutes } from './hotels/routes';
import { packageBookingRoutes } from './package-bookings/routes';
import { visaApplicationRoutes } from './visa-applications/routes';
import { documentRoutes } from './documents/routes';
import { insurancePolicyRoutes } from './insurance/routes';
import { referenceRoutes } from './reference/routes';
import { airportRoutes } from './airports/routes';
import { notificationRoutes } from './notifications/routes';
import { dashboardRoutes } from './dashboard/routes';
import { airportOverlayFresh } from './airports/store';
import { supplierEventRoutes } from './supplier-events/routes';
import { walletHeader } from './ledger/wallet-header';
import { machineCoverageRoutes } from './machine-coverage/routes';
import { lifecycleRoutes } from './lifecycle/routes';
import { supportSessionRoutes } from './support-sessions/routes';
import { seatMapRoutes } from './seat-maps/routes';
import { flightExtrasRoutes } from './flight-extras/routes';
import { scheduleChangeRoutes } from './schedule-changes/routes';
import { priceAlertRoutes } from './price-alerts/routes';
import { queueRoutes } from './queues/routes';
import { agencyRoutes } from './agency/routes';
import { creditRoutes } from './credit/routes';
import { openApiRoutes } from './openapi/routes';
import { API_VERSION, API_VERSION_HEADER } from '../contract/version';

/** API route modules, each a Hono app mounted under /api. Later areas add theirs here. */
export const apiModules: Array<() => Hono<AppEnv>> = [authRoutes, referenceRoutes, airportRoutes, flightRoutes, flightCalendarRoutes, uploadRoutes, visaRoutes, holidayRoutes, umrahRoutes, groupTicketRoutes, headerImageRoutes, promoRoutes, aircraftRoutes, supplierRoutes, insuranceRoutes, leadRoutes, agentAreaRoutes, bookingOpsRoutes, pnrRoutes, quoteRoutes, bookingSettingsRoutes, refundRoutes, reissueRoutes, bookingRoutes, hotelRoutes, paymentRoutes, hostedPaymentRoutes, packageBookingRoutes, visaApplicationRoutes, documentRoutes, supplierConsoleRoutes, reconciliationRoutes, insurancePolicyRoutes, notificationRoutes, dashboardRoutes, supplierEventRoutes, machineCoverageRoutes, supportSessionRoutes, lifecycleRoutes, seatMapRoutes, flightExtrasRoutes, scheduleChangeRoutes, priceAlertRoutes, queueRoutes, agencyRoutes, creditRoutes];

/** Paths called by other servers with their own signature instead of a browser session. */
export const xsrfExempt: RegExp[] = [/^\/api\/payments\/callback$/, /^\/api\/payments\/[a-z]+\/return$/, /^\/api\/webhooks\/[a-z]+$/];

/**
 * An API path ending in one "/" routes as the same path without it: the specification's client ends calls with "/"
 * before an id it may send in the body instead (`PUT /update-status/`), and posts its booking to the API's base.
 */
const routedPath = (req: Request) => {
  const path = getPath(req);
  return path.startsWith('/api/') && path.endsWith('/') ? path.slice(0, -1) : path;
};

export function createApp(ctx: AppContext, opts: { staticDir?: string } = {}) {
  const app = new Hono<AppEnv>({ getPath: routedPath });
  app.use('*', requestId());
  app.use('*', oneOrigin(ctx.config.appUrl));
  app.use('*', compress());
  app.use('/assets/*', leanAssetHeaders);
  const build = opts.staticDir ? servedBuild(opts.staticDir) : () => null;
  // A request line is an access log in production; in development it is debug, so the start-up banner (demo
  // accounts, addresses) stays readable. Asked once: below that level no line is ever made.
  const requestLevel = ctx.config.env === 'production' ? 'info' : 'debug';
  const logRequests = ctx.log.isLevelEnabled(requestLevel);
  app.use('*', async (c, next) => {
    c.set('ctx', ctx);
    const started = performance.now();
    await next();
    const served = build();
    if (served) c.res.headers.set(BUILD_HEADER, served);
    if (c.req.path.startsWith('/api')) c.res.headers.set(API_VERSION_HEADER, API_VERSION);
    if (logRequests && c.req.path.startsWith('/api')) {
      ctx.log[requestLevel]({ id: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
    }
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"], // Quill and react-aria position things with inline styles
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      // A page that sets its own policy keeps it (a download's sandbox; the JazzCash hand-off's form target and nonce).
      overwrite: false,
    }),
  );
  app.onError(onError);
  app.use('*', cleanUrlInput); // path and query text checked where read, so after each route's guards

  app.get('/sanctum/csrf-cookie', (c) => {
    issueXsrfCookie(c);
    return c.body(null, 204);
  });

  const api = new Hono<AppEnv>();
  // Under /api too: the specification's client asks for its XSRF cookie from its API base.
  api.get('/sanctum/csrf-cookie', (c) => {
    issueXsrfCookie(c);
    return c.body(null, 204);
  });
  api.use('*', bodyLimit(ctx.config.bodyLimitBytes, () => { throw new ApiError(413, 'The request is too large.'); }));
  api.use('*', loadUser);
  api.use('*', walletHeader);
  api.use('*', xsrf(xsrfExempt));
  api.use('*', airportOverlayFresh); // staff airport changes, for the sync isAirport/airportByCode lookups
  for (const mod of apiModules) api.route('/', mod());
  api.route('/', openApiRoutes(() => app.routes, xsrfExempt)); // the document of every route above
  if (ctx.config.env !== 'production') api.route('/dev', devRoutes());
  api.all('*', (c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}.` }, 404));
  app.route('/api', api);

  if (ctx.config.env !== 'production') app.route('/dev', devRoutes.viewer());
  // The embedded payment provider's hosted checkout: never reachable where it is not the configured provider.
  if (ctx.config.paymentsSandbox) app.route('/sandbox', sandboxPages());
  if (opts.staticDir) app.route('/', staticApp(opts.staticDir));
  return app;
}
