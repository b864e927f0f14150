/**
 * Seats and bags added to a booked or ticketed booking by its owner (POST /bookings/flight/{pnr}/extras): priced
 * against the flights' maps now, the seats held in the transaction that records the purchase, and paid as the
 * owner pays: an agent from the wallet in that same transaction (a ledger line naming the extras; too little
 * money takes everything back), a customer by card (the extras wait for the payment, payment.ts), nothing to pay
 * when all is free. A seat in place of a paid one is charged the difference, and a cheaper one gives it back
 * (refunds.ts). The Idempotency-Key names the purchase: a retry answers the first one and charges once.
 */
import { and, eq } from 'drizzle-orm';
import type { ExtrasAdded, ExtrasInput } from '../../contract/flight-extras';
import { toMoney } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import { bookingExtras, bookings, extraPurchases } from '../db/schema';
import { ApiError, conflict, notFound, validationError } from '../http/errors';
import { debitWallet } from '../ledger/service';
import { openSubjectCheckout, requireCardProvider } from '../payments/service';
import { loadBooking } from '../bookings/records';
import { embeddedSupplier } from '../seat-maps/service';
import { DUFFEL_CODE } from '../suppliers/duffel/offers';
import type { FlightOfferDetail } from '../../contract/flights';
import { describeExtras } from './at-booking';
import { EXTRAS_CURRENCY, segmentExtras } from './catalogue';
import { extrasTotal, priceExtras } from './choose';
import { XM } from './messages';
import { activeExtras, holdingOf, toBookingExtra, writeExtras, type PurchaseRow } from './store';
import { giveBackForSwap, seatSwapMoney, swapText } from './refunds';
import { refundExtrasCards } from '../booking-ops/card-refunds';
import { moneyText } from '../../contract/format/money';
import { EXTRAS_SUBJECT } from './subject';
import { agencyOf } from '../agency/of';

type LoadedBooking = NonNullable<Awaited<ReturnType<typeof loadBooking>>>;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** What a purchase answers, the first time and on every retry (a card purchase still unpaid: its checkout again). */
async function answerOf(ctx: AppContext, purchase: PurchaseRow, bookingStatus: string): Promise<ExtrasAdded> {
  const lines = await ctx.db.select().from(bookingExtras).where(eq(bookingExtras.purchaseId, purchase.id)).orderBy(bookingExtras.id);
  const added: ExtrasAdded = {
    extras: lines.map((l) => toBookingExtra({ ...l, paidWith: purchase.paidWith }, bookingStatus)),
    charged: toMoney(purchase.amountMinor, purchase.currency),
  };
  if (purchase.paidWith === 'card' && purchase.status === 'awaiting_payment') {
    added.checkout_url = (await openSubjectCheckout(ctx, { kind: EXTRAS_SUBJECT, id: purchase.id, amountMinor: purchase.amountMinor, currency: purchase.currency })).url;
  }
  return added;
}

async function purchaseByKey(ctx: AppContext, bookingId: number, key: string | null): Promise<PurchaseRow | null> {
  if (!key) return null;
  const [p] = await ctx.db.select().from(extraPurchases).where(and(eq(extraPurchases.bookingId, bookingId), eq(extraPurchases.idempotencyKey, key))).limit(1);
  return p ?? null;
}

export async function addExtras(ctx: AppContext, user: SessionUser, pnr: string, input: ExtrasInput, key: string | null): Promise<{ added: ExtrasAdded; created: boolean }> {
  if (input.seats.length === 0 && input.bags.length === 0) throw validationError({ seats: [XM.nothing] });
  const b = await loadBooking(ctx.db, { pnr });
  if (!b || b.row.userId !== user.id) throw notFound(XM.notFound);
  const known = await purchaseByKey(ctx, b.row.id, key);
  if (known) return { added: await answerOf(ctx, known, b.row.status), created: false };
  let purchase: PurchaseRow;
  try {
    purchase = await buyExtras(ctx, user, b, input, key);
  } catch (err) {
    // The same key racing itself: the request that lost failed on the key's unique index, or on its own seat
    // that its twin took after this one looked for the key. Either way the purchase that won is the answer.
    const twin = key ? await purchaseByKey(ctx, b.row.id, key) : null;
    if (twin) return { added: await answerOf(ctx, twin, b.row.status), created: false };
    throw isUniqueViolation(err) ? new ApiError(409, XM.taken) : err;
  }
  // A cheaper seat's difference marked for the card is refunded now (the payments jobs retry).
  await refundExtrasCards(ctx, b.row.id);
  return { added: await answerOf(ctx, purchase, b.row.status), created: true };
}

/** Prices the extras against the maps now and records them, paid, in one transaction under the booking's lock. */
async function buyExtras(ctx: AppContext, user: SessionUser, b: LoadedBooking, input: ExtrasInput, key: string | null): Promise<PurchaseRow> {
  if (b.row.status !== 'booked' && b.row.status !== 'ticketed') throw conflict(XM.closed);
  const supplier = embeddedSupplier(ctx);
  // Duffel sells services only with the order it makes at payment.
  if (b.row.supplier === DUFFEL_CODE) throw validationError({ seats: [XM.onlyAtBooking] });
  if (!supplier || b.row.supplier !== supplier.code || b.row.currency !== EXTRAS_CURRENCY) throw validationError({ seats: [XM.notSold] });

  const segments = await segmentExtras(ctx, ctx.db, supplier, (b.row.itinerary as FlightOfferDetail).journeys.flatMap((j) => j.segments));
  const lines = priceExtras(input, b.pax, segments, holdingOf(b.extras));
  const payerOf = (chargeMinor: number) => (chargeMinor === 0 ? 'free' : user.role === 'agent' ? 'wallet' : 'card');
  if (payerOf(seatSwapMoney(b.extras, lines).chargeMinor) === 'card') requireCardProvider(ctx);
  const now = ctx.now();

  return ctx.db.transaction(async (tx) => {
    // The booking's row lock puts one purchase of a booking after another, and sees a cancel that came first.
    const [row] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, b.row.id)).for('update');
    if (row.status !== 'booked' && row.status !== 'ticketed') throw conflict(XM.closed);
    // A seat in place of another is charged the difference, read under the lock (refunds.ts).
    const active = await activeExtras(tx, b.row.id);
    const money = seatSwapMoney(active, lines);
    const paidWith = payerOf(money.chargeMinor);
    if (paidWith === 'card') requireCardProvider(ctx);
    const swapped = swapText(active, lines);
    const p = await writeExtras(tx, {
      bookingId: b.row.id, passengerIds: b.pax.map((x) => x.id), lines, status: paidWith === 'card' ? 'awaiting_payment' : 'confirmed', at: now,
      purchase: { idempotencyKey: key, paidWith, status: paidWith === 'card' ? 'awaiting_payment' : 'confirmed', amountMinor: money.chargeMinor, currency: EXTRAS_CURRENCY },
    });
    if (paidWith === 'wallet') {
      const credit = extrasTotal(lines) - money.chargeMinor;
      await debitWallet(tx, {
        agentId: agencyOf(user), amountMinor: money.chargeMinor, currency: EXTRAS_CURRENCY, type: 'booking', reference: `extras:${b.row.pnr}:${p.id}`,
        description: `Extras for PNR ${b.row.pnr}: ${describeExtras(lines)}${credit > 0 ? ` (${swapped}: less ${moneyText(credit, EXTRAS_CURRENCY)} already paid)` : ''}`,
        createdBy: user.id, at: now,
      });
    }
    if (money.giveBackMinor > 0) {
      const left = await giveBackForSwap(tx, { ...b.row }, p, money.giveBackMinor, swapped, user.id, now);
      if (left > 0) ctx.log.error({ pnr: b.row.pnr, purchase: p.id, left }, 'seat swap: part of the difference found no payment to go back to; settle it by hand');
    }
    return p;
  });
}
