import { Hono } from 'hono';
import * as v from 'valibot';
import { toMoney } from '../../contract/money';
import { can } from '../../contract/permissions';
import { QuotationInput, QuotationMarkup, type SentQuotation } from '../../contract/quotations';
import type { AppEnv } from '../context';
import { forbidden } from '../http/errors';
import { approvedAgent, currentUser, requireOneOf, withPermission } from '../http/guards';
import { body, query } from '../http/validate';
import { priceOffers, printableQuote, quoteByReference, recentQuotes, sendQuote, type QuoteRow } from './service';

/** Quotations: reservation staff (bookings.manage) and approved agents, each seeing their own. */
const mayQuote = requireOneOf(withPermission('bookings.manage'), approvedAgent);

const wire = (q: QuoteRow): SentQuotation => ({
  id: q.id, reference: q.reference, email: q.toEmail, name: q.toName, note: q.note, from_price: toMoney(q.totalMinor, q.currency),
  offers: q.offers as unknown[], locale: q.locale, created_at: q.createdAt.toISOString(), print_url: `/api/quotes/${q.reference}/print`,
});

export function quoteRoutes() {
  const r = new Hono<AppEnv>();

  /**
   * flight-quotation: with ?reference= a quotation sent before; with ?flight_id=&supplier= (repeatable, or
   * offers=JSON) the offers priced now for the sender, to preview before sending; without either the sender's
   * recent quotations.
   */
  r.get('/flight-quotation', mayQuote, async (c) => {
    const user = currentUser(c);
    const ctx = c.get('ctx');
    const ref = c.req.query('reference');
    if (ref) {
      const q = await quoteByReference(ctx, ref);
      if (q.createdBy !== user.id && !can(user.role, 'bookings.manage')) throw forbidden();
      return c.json({ data: wire(q) });
    }
    const ids = c.req.queries('flight_id') ?? [];
    if (ids.length) {
      const suppliers = c.req.queries('supplier') ?? [];
      const { markup: m } = query(c, v.object({ markup: QuotationMarkup, flight_id: v.any(), supplier: v.any() }));
      const offers = await priceOffers(ctx, user, { offers: ids.map((id, i) => ({ flight_id: id, supplier: suppliers[i] ?? suppliers[0] ?? 'embedded' })), markup_minor: m as number });
      return c.json({ data: offers.map((o) => ({ offer: o.offer, markup: toMoney(o.markup_minor, o.offer.price.currency), total: toMoney(o.total_minor, o.offer.price.currency) })) });
    }
    const rows = await recentQuotes(ctx.db, can(user.role, 'bookings.manage') ? null : user.id, 50);
    return c.json({ data: rows.map(wire), meta: { page: 1, per_page: 50, total: rows.length } });
  });

  r.post('/send-sooper-quote', mayQuote, async (c) => {
    const user = currentUser(c);
    const input = await body(c, QuotationInput);
    const q = await sendQuote(c.get('ctx'), user, { ...input, markup_minor: input.markup as number });
    return c.json({ message: 'Quotation sent successfully', data: wire(q) }, 201);
  });

  /** The printable view; the unguessable reference is the key (it is in the customer's email). */
  r.get('/quotes/:reference/print', async (c) => {
    const ref = c.req.param('reference');
    if (!/^Q[0-9A-F]{12}$/i.test(ref)) return c.json({ message: 'Quotation not found.' }, 404);
    const q = await quoteByReference(c.get('ctx'), ref);
    return c.html(printableQuote(q, null));
  });

  return r;
}
