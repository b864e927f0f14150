import './seed';
import { Hono } from 'hono';
import { externalPnrSchema } from '../../contract/pnr-console';
import type { AppEnv } from '../context';
import { currentUser, requirePermission } from '../http/guards';
import { validationError } from '../http/errors';
import { body } from '../http/validate';
import { isAirport } from '../reference';
import { createExternalPnr, listExternalPnrs } from './service';
import { supplierStatementRoutes } from './statement-routes';

export const ExternalPnrInput = externalPnrSchema(isAirport);
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * The embedded supplier's console (staff who import PNRs): its PNRs booked through other channels, and a new
 * one booked as an agency would in its own terminal.
 */
export function supplierConsoleRoutes() {
  const r = new Hono<AppEnv>();
  supplierStatementRoutes(r);
  r.use('/supplier-console/*', requirePermission('pnr.import'));

  r.get('/supplier-console/pnrs', async (c) => c.json({ data: await listExternalPnrs(c.get('ctx')) }));

  r.post('/supplier-console/pnrs', async (c) => {
    const key = c.req.header('idempotency-key')?.trim() || null;
    if (key && !IDEMPOTENCY_KEY.test(key)) throw validationError({ idempotency_key: ['The Idempotency-Key is 8 to 100 letters, digits and . _ : -.'] });
    const input = await body(c, ExternalPnrInput);
    const order = await createExternalPnr(c.get('ctx'), currentUser(c), input, { key });
    const [row] = await listExternalPnrs(c.get('ctx'), { pnr: order.pnr, limit: 1 });
    return c.json({ message: `PNR ${order.pnr} booked in the supplier.`, data: row }, 201);
  });

  return r;
}
