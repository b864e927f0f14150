/**
 * After booking: cancellation quotes and their confirmation (duffel.com/docs/api/v2/order-cancellations and the
 * cancelling-an-order guide), and the sim's own airline-initiated schedule changes with their accept action
 * (duffel.com/docs/api/v2/airline-initiated-changes).
 */
import { E, SimError, linkedNotFound, required } from './errors';
import { findOrder, refreshOrder } from './orders';
import type { Json, SimState } from './state';
import { clone, isoNow, isoSeconds, money, toMinor } from './util';

const QUOTE_TTL_MS = 15 * 60_000;

/** POST /air/order_cancellations: a quote, refunding per the fare's refund condition (nothing for an unpaid hold). */
export function createCancellation(state: SimState, data: Json): Json {
  if (data.order_id == null || data.order_id === '') throw new SimError(422, [required('/order_id')]);
  const rec = state.orderRecords.get(data.order_id);
  if (!rec) throw new SimError(422, [linkedNotFound('/order_id')]);
  const order = refreshOrder(state, rec);
  if (order.cancelled_at) throw E.alreadyCancelled();
  const now = state.now();
  const paid = order.payment_status.paid_at != null;
  const rule = order.conditions.refund_before_departure;
  const total = toMinor(order.total_amount);
  const refund = !paid ? 0 : rule == null ? total : rule.allowed ? Math.max(0, total - toMinor(rule.penalty_amount ?? '0')) : 0;
  const paidWith = (state.payments as Json[]).find((x) => x.order_id === order.id)?.type ?? 'balance';
  const cancellation = {
    id: state.newId('ore'), order_id: order.id, live_mode: false,
    refund_amount: money(refund), refund_currency: order.total_currency,
    refund_to: paid ? paidWith : 'awaiting_payment',
    airline_credits: [],
    expires_at: isoSeconds(now + QUOTE_TTL_MS), confirmed_at: null, created_at: isoNow(now),
  };
  state.cancellations.set(cancellation.id, cancellation);
  return cancellation;
}

/** POST /air/order_cancellations/:id/actions/confirm. */
export function confirmCancellation(state: SimState, id: string): Json {
  const c = state.cancellations.get(id) as Json | undefined;
  if (!c) throw E.notFound();
  const rec = findOrder(state, c.order_id);
  if (c.confirmed_at || rec.order.cancelled_at) throw E.alreadyCancelled();
  const latest = [...state.cancellations.values()].filter((x: any) => x.order_id === c.order_id).at(-1) as Json;
  if (latest.id !== c.id) throw E.cancellationStale('Only the most recent order cancellation for an order can be confirmed; confirm the latest one or create a new one');
  const now = state.now();
  if (now > Date.parse(c.expires_at)) throw E.cancellationStale('This order cancellation expired at its expires_at; create a new order cancellation to get a fresh quote');
  c.confirmed_at = isoNow(now);
  Object.assign(rec.order, { cancelled_at: c.confirmed_at, cancellation: clone(c), available_actions: ['update'], synced_at: isoSeconds(now) });
  rec.order.payment_status.awaiting_payment = false;
  return c;
}

/** The sim's own airline schedule change: the first slice moves an hour later, with new slice and segment ids. */
export function applyAirlineChange(state: SimState, orderId: string): { aic: Json; order: Json } {
  const rec = findOrder(state, orderId);
  const order = rec.order;
  const now = state.now();
  const removed = clone(order.slices[0]);
  const shift = (local: string) => new Date(Date.parse(`${local}Z`) + 3600_000).toISOString().slice(0, 19);
  const added = {
    ...clone(removed), id: state.newId('sli'),
    segments: removed.segments.map((s: Json) => ({ ...clone(s), id: state.newId('seg'), departing_at: shift(s.departing_at), arriving_at: shift(s.arriving_at) })),
  };
  const aic = {
    id: state.newId('aic'), order_id: order.id, action_taken: null, action_taken_at: null,
    available_actions: ['accept', 'cancel', 'change', 'update'], added: [added], removed: [removed],
    travel_agent_ticket: null, created_at: isoNow(now), updated_at: isoNow(now),
  };
  order.slices[0] = added;
  order.airline_initiated_changes.push(aic);
  order.synced_at = isoSeconds(now);
  state.airlineChanges.set(aic.id, aic);
  return { aic, order };
}

/** POST /air/airline_initiated_changes/:id/actions/accept. Only an order's latest change can be accepted. */
export function acceptAirlineChange(state: SimState, id: string): Json {
  const aic = state.airlineChanges.get(id);
  if (!aic) throw E.notFound();
  const latest = [...state.airlineChanges.values()].filter((x) => x.order_id === aic.order_id).at(-1)!;
  if (latest.id !== id) {
    throw new SimError(422, [{ type: 'invalid_state_error', code: 'stale_airline_initiated_change_accept', title: 'Stale airline-initiated change',
      message: 'Only the latest airline-initiated change of an order can be accepted', documentation_url: 'https://duffel.com/docs/api/overview/errors' }]);
  }
  const now = isoNow(state.now());
  Object.assign(aic, { action_taken: 'accepted', action_taken_at: now, available_actions: [], updated_at: now });
  for (const c of state.orderRecords.get(aic.order_id)?.order.airline_initiated_changes ?? []) if (c.id === id) Object.assign(c, clone(aic));
  return aic;
}
