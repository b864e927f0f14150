import { Hono } from 'hono';
import * as v from 'valibot';
import { idSchema } from '../../contract/ids';
import { can } from '../../contract/permissions';
import { RefundApproveBody, RefundRejectBody, RefundRequestBody } from '../../contract/booking-ops';
import type { AppEnv } from '../context';
import { approvedAgent, currentUser, customer, requireOneOf, withPermission } from '../http/guards';
import { body, parse } from '../http/validate';
import { bookingDetail } from './detail';
import { approveRefund, REFUND, refundQuote, RefundQuoteChangedError, rejectRefund, requestRefund } from './refunds';

export const Id = v.object({ id: idSchema('Booking id is required.') });
const managers = withPermission('bookings.manage');

/** Refunds after the void window: the quote, the owner's request (or staff's on its behalf), and staff's decision. */
export function refundRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/bookings/:id/refund-quote', requireOneOf(withPermission('bookings.read'), customer, approvedAgent), async (c) => {
    const { id } = parse(Id, c.req.param());
    return c.json({ data: await refundQuote(c.get('ctx'), currentUser(c), id) });
  });

  /** The owner asks; staff who manage bookings may start it on the owner's behalf (the history names them). */
  r.post('/bookings/:id/request-refund', requireOneOf(managers, customer, approvedAgent), async (c) => {
    const { id } = parse(Id, c.req.param());
    const input = await body(c, RefundRequestBody);
    try {
      const row = await requestRefund(c.get('ctx'), currentUser(c), id, input.expected_refund!, input.reason ?? null);
      const message = can(currentUser(c).role, 'bookings.manage') ? REFUND.started : REFUND.requested;
      return c.json({ message, data: await bookingDetail(c.get('ctx'), currentUser(c), row.id) });
    } catch (err) {
      if (err instanceof RefundQuoteChangedError) return c.json({ message: err.message, code: 'quote_changed', quote: err.quote }, 409);
      throw err;
    }
  });

  r.post('/bookings/:id/refund', requireOneOf(managers), async (c) => {
    const { id } = parse(Id, c.req.param());
    const input = await body(c, RefundApproveBody);
    const row = await approveRefund(c.get('ctx'), currentUser(c), id, input.status);
    return c.json({ message: REFUND.approved, data: await bookingDetail(c.get('ctx'), currentUser(c), row.id) });
  });

  r.post('/bookings/:id/reject-refund', requireOneOf(managers), async (c) => {
    const { id } = parse(Id, c.req.param());
    const input = await body(c, RefundRejectBody);
    const row = await rejectRefund(c.get('ctx'), currentUser(c), id, input.reason, input.status);
    return c.json({ message: REFUND.rejected, data: await bookingDetail(c.get('ctx'), currentUser(c), row.id) });
  });
  return r;
}
