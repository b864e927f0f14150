import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ExchangeRateCurrency, ExchangeRateInput } from '../../contract/exchange-rates';
import type { AppEnv } from '../context';
import { currentUser, requirePermission } from '../http/guards';
import { validationError } from '../http/errors';
import { body } from '../http/validate';
import { meta, pageQuery } from '../agents/common';
import { listRateChanges, listRates, setRate } from './service';

/** Exchange rates: staff who keep margins (accounts, admin) read and set them. */
export function exchangeRateRoutes() {
  const r = new Hono<AppEnv>();
  const db = (c: Context<AppEnv>) => c.get('ctx').db;

  r.get('/exchange-rates', requirePermission('margins.manage'), async (c) => c.json({ data: await listRates(db(c)) }));

  r.put('/exchange-rates/:currency', requirePermission('margins.manage'), async (c) => {
    const currency = v.safeParse(ExchangeRateCurrency, c.req.param('currency'));
    if (!currency.success) throw validationError({ currency: [currency.issues[0].message] });
    const { rate } = await body(c, ExchangeRateInput);
    const data = await setRate(db(c), currency.output, rate, currentUser(c).id, c.get('ctx').now());
    return c.json({ message: 'Exchange rate saved.', data });
  });

  r.get('/exchange-rate-changes', requirePermission('margins.manage'), async (c) => {
    const q = pageQuery(c, { currency: v.optional(ExchangeRateCurrency) });
    const { rows, total } = await listRateChanges(db(c), { currency: q.currency, limit: q.limit, offset: q.offset });
    return c.json({ data: rows, meta: meta(q, total) });
  });

  return r;
}
