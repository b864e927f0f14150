import { Hono } from 'hono';
import { InsuranceQuoteInput } from '../../contract/catalogue';
import type { AppEnv } from '../context';
import { crudRoutes } from './crud';
import { quote } from './insurance';
import { insurancePlanResource } from './resources';
import { body, parse } from '../http/validate';

/** /insurance-plans CRUD and the quote: GET /insurance-quote?days=&region=&ages=30,4 or POST with a JSON body. */
export function insuranceRoutes() {
  const r = crudRoutes(insurancePlanResource);
  const q = new Hono<AppEnv>();
  q.get('/insurance-quote', async (c) => {
    const input = parse(InsuranceQuoteInput, c.req.query());
    return c.json({ data: await quote(c.get('ctx').db, input), query: input });
  });
  q.post('/insurance-quote', async (c) => {
    const input = await body(c, InsuranceQuoteInput);
    return c.json({ data: await quote(c.get('ctx').db, input), query: input });
  });
  r.route('/', q);
  return r;
}
