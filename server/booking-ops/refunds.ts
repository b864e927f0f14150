/**
 * Refunds after the void window: the owner reads a quote (what was paid, the airline's penalty from the booked
 * fare rules, our service charge, what comes back), asks with the refund it saw (ticketed → refund_requested,
 * the quote stored on the booking), and staff approve (→ refunded: wallet credit or card refund, seats
 * released; extras bought after booking come back in full besides, see flight-extras/refunds.ts) or decline
 * (→ ticketed). Same discipline as the void: the row is locked, the move is conditional,
 * and the money moves in the transaction of the status change, so a retried or concurrent approval pays once.
 */
import { and, eq } from 'drizzle-orm';
import { toMoney } from '../../contract/money';
import type { RefundQuote } from '../../contract/bookings';
import { encodeEventNote } from '../../contract/event-notes';
import type { FlightOfferDetail } from '../../contract/flights';
import { parseMinor } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, payments } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { creditWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { payableMinor, refundQuoteMinor, type RefundQuoteMinor } from '../pricing';
import { transition, type BookingRow } from '../bookings/records';
import { flightSuppliers } from '../bookings/suppliers';
import type { Order } from '../suppliers/flight/types';
import { getBookingSettings, voidWindowClosesAt } from './settings';
import { accessOf, actorOf, directOf, lockBooking, money, must, OPS, walletAgent, type Expected } from './service';
import { refundMail } from './refund-mails';
import { refundCard, refundExtrasCards } from './card-refunds';
import { extrasRefundMinor } from '../flight-extras/refunds';
import { quotedRefund, supplierQuote } from './supplier-refunds';
import type { CancellationQuote } from '../suppliers/flight/types';

export const REFUND = {
  insideVoidWindow: 'The void window is still open: ask for a void instead (no airline penalty).',
  notTicketed: (s: string) => `Only a ticketed booking can be refunded; this one is ${s}.`,
  departed: 'The first flight has already departed; a refund can no longer be asked for here.',
  alreadyRequested: 'A refund has already been requested for this booking.',
  quoteChanged: 'The refund quote has changed since you saw it. Check the new figures and ask again.',
  requested: 'Refund request sent. Our staff will review it.',
  started: "Refund started on the booker's behalf. It waits for a decision with the other refund requests.",
  approved: 'Refund approved and paid back.',
  rejected: 'The refund request was declined; the ticket stands.',
  approveNot: (s: string) => `A ${s} booking has no refund request to decide.`,
} as const;

/** 409 when the quote the owner saw is no longer the quote: the route answers it with the new figures. */
export class RefundQuoteChangedError extends Error {
  constructor(readonly quote: RefundQuote) { super(REFUND.quoteChanged); }
}

/** When the first flight leaves (the booked itinerary), or the start of the departure date if it has none. */
export function departsAt(b: BookingRow): Date {
  const it = b.itinerary as Partial<FlightOfferDetail>;
  const at = it.journeys?.[0]?.segments?.[0]?.departure_at ?? it.journeys?.[0]?.departure_at;
  return new Date(at ?? `${b.departureDate}T00:00:00Z`);
}

/**
 * The figures, by the pricing module's rule, from the booked fare rules and the refund service charge; for a
 * supplier that quotes its own refund (`quote`), what its quote gives back, with the rest the airline's penalty.
 */
async function figures(db: DbOrTx, b: BookingRow, quote: CancellationQuote | null = null): Promise<RefundQuoteMinor> {
  if (quote) {
    const paid = payableMinor(b.totalMinor, (await directOf(db, b.id))?.marginMinor);
    const refund = quotedRefund(paid, quote);
    return { paid, airlinePenalty: paid - refund, serviceCharge: 0, refund };
  }
  const s = await getBookingSettings(db);
  const it = b.itinerary as Partial<FlightOfferDetail>;
  const rules = it.fare_rules;
  const fee = rules?.cancellation_fee ? parseMinor(rules.cancellation_fee.amount) : null;
  const party = it.passengers ?? { adults: 1, children: 0, infants: 0 };
  const direct = await directOf(db, b.id);
  return refundQuoteMinor({
    paidMinor: payableMinor(b.totalMinor, direct?.marginMinor),
    taxesMinor: b.taxesMinor,
    // Fees are priced per seated passenger (infants hold no seat and pay no fee).
    passengers: party.adults + party.children,
    // Direct bookings carry no fare rules: treated as non-refundable (taxes only), as their rules say.
    rules: { refundable: !!rules?.refundable, cancellationFeeMinor: fee },
    serviceChargeMinor: s.refundChargeMinor,
  });
}

/** Why this booking cannot be refunded now (409), or nothing. */
async function refusal(db: DbOrTx, b: BookingRow, now: Date): Promise<string | null> {
  if (b.status === 'refund_requested') return REFUND.alreadyRequested;
  if (b.status !== 'ticketed') return REFUND.notTicketed(b.status);
  const s = await getBookingSettings(db);
  if (!b.reissuedAt && now < voidWindowClosesAt(b.ticketedAt ?? b.updatedAt, s.timeZone)) return REFUND.insideVoidWindow;
  if (now >= departsAt(b)) return REFUND.departed;
  return null;
}

/** Whether the owner may ask for a refund now (the detail screens offer the button). */
export const refundOpen = async (db: DbOrTx, b: BookingRow, now: Date) => b.status === 'ticketed' && (await refusal(db, b, now)) === null;

/**
 * `extrasMinor`: what comes back besides, in full, for extras bought after booking (not part of the fare's
 * figures); named only when there is some, so a booking without them answers as before.
 */
export const quoteWire = (q: RefundQuoteMinor, currency: string, extrasMinor?: number): RefundQuote => ({
  paid: toMoney(q.paid, currency), airline_penalty: toMoney(q.airlinePenalty, currency),
  service_charge: toMoney(q.serviceCharge, currency), refund: toMoney(q.refund, currency), refundable: q.refund > 0,
  ...(extrasMinor ? { extras_refund: toMoney(extrasMinor, currency) } : {}),
});

/** GET refund-quote: the owner or staff who read bookings. */
export async function refundQuote(ctx: AppContext, user: SessionUser, id: number): Promise<RefundQuote> {
  const [b] = await ctx.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!b || !accessOf(b, user)) throw notFound(OPS.notFound);
  const why = await refusal(ctx.db, b, ctx.now());
  if (why) throw conflict(why);
  return quoteWire(await figures(ctx.db, b, await supplierQuote(ctx, b)), b.currency, await extrasRefundMinor(ctx.db, b.id));
}

/**
 * ticketed → refund_requested by the owner, or by staff who manage bookings on the owner's behalf (an agent or
 * customer who phones in), with the refund the requester saw; a changed quote answers 409 with the new one. A
 * request staff start names them in the history (beside the step's actor) and tells the contact it was made for them.
 */
export async function requestRefund(ctx: AppContext, user: SessionUser, id: number, expectedRefund: number, reason: string | null) {
  const now = ctx.now();
  const [before] = await ctx.db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  const supplier = before && accessOf(before, user) && before.status === 'ticketed' ? await supplierQuote(ctx, before) : null;
  return ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['owner', 'manage']);
    const why = await refusal(tx, b, now);
    if (why) throw conflict(why);
    const q = await figures(tx, b, supplier);
    if (q.refund !== expectedRefund) throw new RefundQuoteChangedError(quoteWire(q, b.currency, await extrasRefundMinor(tx, b.id)));
    const byStaff = accessOf(b, user) === 'manage';
    const params = { paid_minor: q.paid, penalty_minor: q.airlinePenalty, charge_minor: q.serviceCharge, refund_minor: q.refund, currency: b.currency };
    const note = encodeEventNote(byStaff ? { key: 'refund_started', params: { ...params, staff: user.name } } : { key: 'refund_quote', params }, reason);
    const t = await must(transition(tx, ctx, b.id, ['ticketed'], 'REQUEST_REFUND', actorOf(user), { action: 'refund_requested', note, set: { refundQuote: q } }));
    await enqueueMail(tx, t.contactEmail, refundMail(t, byStaff ? 'started' : 'requested', q, undefined, await extrasRefundMinor(tx, b.id)));
    return t;
  });
}

/**
 * refund_requested → refunded by staff, paying back the stored quote: an agent's wallet is credited (`refund`,
 * `refund:<PNR>`) in this transaction; a customer's card is refunded by the provider after commit (the
 * conditional move lets one approval through, and the provider's refund is idempotent per tracker). The
 * supplier closes the ticketed order after commit, as for a void, which releases the seats.
 */
export async function approveRefund(ctx: AppContext, user: SessionUser, id: number, expected?: Expected) {
  const now = ctx.now();
  const res = await ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['manage'], expected);
    if (b.status !== 'refund_requested' || !b.refundQuote) throw conflict(REFUND.approveNot(b.status));
    const q = b.refundQuote;
    const supplierCloses = !!flightSuppliers(ctx).get(b.supplier);
    // Extras bought after booking come back in full besides the quote (the transition gives them back).
    const extras = await extrasRefundMinor(tx, b.id);
    const t = await must(transition(tx, ctx, b.id, ['refund_requested'], 'REFUND', actorOf(user), {
      action: 'refund', note: encodeEventNote({ key: 'refund_paid', params: { refund_minor: q.refund, penalty_minor: q.airlinePenalty, charge_minor: q.serviceCharge, currency: b.currency } }),
      set: supplierCloses ? { seatsReleasedAt: now } : {}, notice: { ...toMoney(q.refund, b.currency) },
    }));
    const agent = walletAgent(b);
    if (agent !== null && q.refund > 0) {
      await creditWallet(tx, {
        agentId: agent, amountMinor: q.refund, currency: b.currency, type: 'refund', reference: `refund:${b.pnr}`,
        description: `Refund of PNR ${b.pnr} (${b.origin}-${b.destination}): ${money(q.paid, b.currency)} less airline penalty ${money(q.airlinePenalty, b.currency)} and service charge ${money(q.serviceCharge, b.currency)}`,
        createdBy: user.id, at: now,
      });
    }
    const [card] = agent === null ? await tx.select().from(payments).where(and(eq(payments.bookingId, b.id), eq(payments.status, 'paid'))).limit(1) : [];
    await enqueueMail(tx, t.contactEmail, refundMail(t, 'refunded', q, undefined, extras));
    return { row: t, q, card: card ?? null, supplierCloses };
  });
  if (res.card && res.q.refund > 0) await refundCard(ctx, res.card, res.q.refund);
  await refundExtrasCards(ctx, res.row.id);
  if (res.supplierCloses) {
    try {
      const order = await flightSuppliers(ctx).get(res.row.supplier)!.void(res.row.supplierOrder as Order);
      await ctx.db.update(bookings).set({ supplierOrder: order }).where(eq(bookings.id, res.row.id));
    } catch (err) {
      ctx.log.error({ err, pnr: res.row.pnr }, 'supplier refund failed; the booking is refunded here, tell the airline by hand');
    }
  }
  return res.row;
}

/** refund_requested → ticketed by staff, with the reason (mailed to the contact). */
export async function rejectRefund(ctx: AppContext, user: SessionUser, id: number, reason: string, expected?: Expected) {
  return ctx.db.transaction(async (tx) => {
    const b = await lockBooking(tx, id, user, ['manage'], expected);
    if (b.status !== 'refund_requested') throw conflict(REFUND.approveNot(b.status));
    const t = await must(transition(tx, ctx, b.id, ['refund_requested'], 'REJECT_REFUND', actorOf(user), { action: 'refund_rejected', note: reason, set: { ticketedAt: b.ticketedAt, refundQuote: null } }));
    await enqueueMail(tx, t.contactEmail, refundMail(t, 'rejected', b.refundQuote!, reason));
    return t;
  });
}
