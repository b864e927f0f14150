import { Hono } from 'hono';
import * as v from 'valibot';
import { InsurancePolicyInput, ISM, POLICY_STATUSES } from '../../contract/insurance';
import type { AppEnv } from '../context';
import { conflict, notFound, validationError } from '../http/errors';
import { documentResponse } from '../documents/routes';
import './document';
import { approvedAgent, currentUser, customer, requireGuestOrOneOf, requireOneOf, withPermission } from '../http/guards';
import { pageField, perPageField } from '../http/paging';
import { body, query } from '../http/validate';
import { findPolicy } from './lookup';
import { openPolicyCheckout } from './payment';
import { createPolicy, PolicyPriceChangedError } from './purchase';
import { listPolicies, serializePolicy } from './service';

const email = v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254, ISM.email)));
export const LookupQuery = v.object({ email });
export const CheckoutBody = v.object({ email });
export const DocQuery = v.object({ email, lang: v.optional(v.picklist(['en', 'ar'], 'Choose English or Arabic.'), 'en') });
export const ListQuery = v.object({
  page: pageField, per_page: perPageField(100, 20),
  status: v.optional(v.picklist(POLICY_STATUSES, 'Unknown status.')),
  policy_number: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20))),
});
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Who buys: guests, customers and approved agents (for their clients); staff read and do not buy. */
const buyers = requireGuestOrOneOf(customer, approvedAgent);

/** Travel insurance policies bought online. */
export function insurancePolicyRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/insurance-policies', buyers, async (c) => {
    const ctx = c.get('ctx');
    const input = await body(c, InsurancePolicyInput);
    const key = c.req.header('idempotency-key')?.trim() || null;
    if (key && !IDEMPOTENCY_KEY.test(key)) throw validationError({ idempotency_key: [ISM.idempotencyFormat] });
    try {
      const res = await createPolicy(ctx, c.get('user'), input, key, async (row) => (await openPolicyCheckout(ctx, row)).url);
      return c.json({ message: res.policy.status === 'issued' ? ISM.issued : ISM.created, data: res.policy }, res.created ? 201 : 200);
    } catch (err) {
      if (err instanceof PolicyPriceChangedError) return c.json({ message: err.message, code: 'price_changed', total: err.total }, 409);
      throw err;
    }
  });

  /** Staff with the bookings permission see all (filtered); customers and agents their own. */
  app.get('/insurance-policies', requireOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) =>
    c.json(await listPolicies(c.get('ctx'), currentUser(c), query(c, ListQuery))));

  /** {id} is the numeric id or the policy number; with ?email= a guest finds its policy by number and email. */
  app.get('/insurance-policies/:id', requireGuestOrOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) => {
    const p = await findPolicy(c, c.req.param('id'), query(c, LookupQuery).email);
    return c.json({ data: serializePolicy(p) });
  });

  /** The issued policy as a PDF in English or Arabic, for whoever may read the policy (409 while unpaid). */
  app.get('/insurance-policies/:id/policy.pdf', requireGuestOrOneOf(customer, approvedAgent, withPermission('bookings.read')), async (c) => {
    const q = query(c, DocQuery);
    const p = await findPolicy(c, c.req.param('id'), q.email);
    if (p.status !== 'issued') throw conflict(ISM.noDocumentYet);
    return documentResponse(c, 'insurance-policy', p.id, q.lang);
  });

  /** A new card checkout for the same policy after a declined or abandoned card, for whoever bought it. */
  app.post('/insurance-policies/:id/checkout', buyers, async (c) => {
    const p = await findPolicy(c, c.req.param('id'), (await body(c, CheckoutBody)).email);
    const user = c.get('user');
    if (user && p.userId !== user.id && p.userId !== null) throw notFound(ISM.notFound);
    return c.json({ data: await openPolicyCheckout(c.get('ctx'), p) });
  });

  return app;
}
