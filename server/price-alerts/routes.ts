import { Hono } from 'hono';
import './job';
import { validatePriceAlert, PRICE_ALERT_MESSAGES } from '../../contract/price-alerts';
import type { AppEnv } from '../context';
import { idParam } from '../http/record-id';
import { approvedAgent, currentUser, customer, requireOneOf } from '../http/guards';
import { validationError } from '../http/errors';
import { jsonBody } from '../http/validate';
import { isAirport } from '../reference';
import { createAlert, listAlerts, removeAlert, unsubscribe } from './service';

/** Watchers are customers and approved agents, each of their own alerts only; the mail's link needs no session. */
const watcher = requireOneOf(customer, approvedAgent);

export function priceAlertRoutes() {
  const r = new Hono<AppEnv>();

  // GET /price-alerts/unsubscribe?token= — from the mail, signed; registered before /:id so it is never an id.
  r.get('/price-alerts/unsubscribe', async (c) => {
    await unsubscribe(c.get('ctx'), c.req.query('token') ?? '');
    return c.json({ message: PRICE_ALERT_MESSAGES.unsubscribed });
  });

  // POST /price-alerts — 201 watching at the price the owner sees now; 422 bad search; 409 already watched.
  r.post('/price-alerts', watcher, async (c) => {
    const ctx = c.get('ctx');
    const checked = validatePriceAlert(await jsonBody(c), { isAirport, now: ctx.now() });
    if (!checked.success) throw validationError(checked.errors);
    return c.json({ data: await createAlert(ctx, currentUser(c), checked.output) }, 201);
  });

  // GET /price-alerts — the caller's own, each at the price last priced (no search per read).
  r.get('/price-alerts', watcher, async (c) => c.json({ data: await listAlerts(c.get('ctx'), currentUser(c)) }));

  // DELETE /price-alerts/{id} — the caller's own; 404 for another's or one already removed.
  r.delete('/price-alerts/:id', watcher, async (c) => {
    const id = idParam(c);
    await removeAlert(c.get('ctx').db, currentUser(c), id);
    return c.json({ message: PRICE_ALERT_MESSAGES.removed, data: { id } });
  });

  return r;
}
