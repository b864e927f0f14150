import { Hono } from 'hono';
import * as v from 'valibot';
import { idSchema } from '../../contract/ids';
import { ReissueBody, ReissueQuoteQuery } from '../../contract/booking-ops';
import type { AppEnv } from '../context';
import { approvedAgent, currentUser, customer, requireOneOf, withPermission } from '../http/guards';
import { body, parse } from '../http/validate';
import { bookingDetail } from './detail';
import { confirmReissue, REISSUE, reissueQuote, ReissueQuoteChangedError } from './reissue';

export const Id = v.object({ id: idSchema('Booking id is required.') });

/** Reissue (date change): the quote for a new flight, and the confirm with the total the quote showed. */
export function reissueRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/bookings/:id/reissue-quote', requireOneOf(withPermission('bookings.read'), customer, approvedAgent), async (c) => {
    const { id } = parse(Id, c.req.param());
    const q = parse(ReissueQuoteQuery, c.req.query());
    return c.json({ data: await reissueQuote(c.get('ctx'), currentUser(c), id, q.flight_id, q.supplier) });
  });

  r.post('/bookings/:id/reissue', requireOneOf(withPermission('bookings.manage'), customer, approvedAgent), async (c) => {
    const { id } = parse(Id, c.req.param());
    const input = await body(c, ReissueBody);
    try {
      const row = await confirmReissue(c.get('ctx'), currentUser(c), id, {
        flightId: input.flight_id, supplier: input.supplier, expectedTotal: input.expected_total!, reason: input.reason ?? null, expected: input.status,
      });
      return c.json({ message: REISSUE.reissued, data: await bookingDetail(c.get('ctx'), currentUser(c), row.id) });
    } catch (err) {
      if (err instanceof ReissueQuoteChangedError) return c.json({ message: err.message, code: 'quote_changed', quote: err.quote }, 409);
      throw err;
    }
  });
  return r;
}
