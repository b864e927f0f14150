/**
 * The money of seats and bags bought after booking, given back (extras chosen with the booking are part of its
 * fare: they come back with the fare, by the void or refund rules):
 *  - when the booking closes (voided, refunded, canceled, expired, rejected), in the transaction of that move:
 *    each confirmed purchase paid from the wallet or by card comes back in full, less what a cheaper seat already
 *    gave back of it, the way it was paid: a wallet credit of its own (`refund`, `extras-refund:<purchase>`,
 *    naming the extras and the PNR), or its card payment marked refund_due with the amount, which the booking
 *    operation refunds after commit (the payments jobs retry). The purchase moves confirmed → refunded once, and
 *    the ledger posts a reference once, so a retried or doubled close gives back nothing more.
 *  - when a seat takes the place of another on the same segment for the same passenger: the old seat's price
 *    counts toward the new one (net charge = new − old, never below zero). A cheaper seat gives back the
 *    difference of what was paid after booking, to the wallet or card; the part the fare paid stays with the
 *    fare (and comes back with it).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookingExtras, extraPurchases, payments } from '../db/schema';
import { creditWallet } from '../ledger/service';
import type { PricedExtra } from './choose';
import type { ExtraRow, PurchaseRow } from './store';
import { EXTRAS_SUBJECT } from './subject';
import { bookingAgency } from '../agency/of';

const PAID_AFTER = ['wallet', 'card'] as const;

/** The booking as these rules read it. */
export interface ExtrasBooking { id: number; pnr: string; userId: number | null; agencyId?: number | null; currency: string }

/** The extras as the ledger names them: "seat 14C EK601, 1 × 23 kg bag EK601". */
export const extrasText = (rows: readonly Pick<ExtraRow, 'kind' | 'designator' | 'flightNo' | 'quantity' | 'weightKg'>[]) => rows
  .map((r) => (r.kind === 'seat' ? `seat ${r.designator} ${r.flightNo}` : `${r.quantity} × ${r.weightKg} kg bag ${r.flightNo}`))
  .join(', ');

const unrefunded = (p: Pick<PurchaseRow, 'amountMinor' | 'refundedMinor'>) => p.amountMinor - p.refundedMinor;

const paidAfter = (db: DbOrTx, bookingId: number) => db.select().from(extraPurchases)
  .where(and(eq(extraPurchases.bookingId, bookingId), eq(extraPurchases.status, 'confirmed'), inArray(extraPurchases.paidWith, [...PAID_AFTER])));

/** What closing the booking now gives back for extras bought after booking (the void and refund quotes show it). */
export async function extrasRefundMinor(db: DbOrTx, bookingId: number): Promise<number> {
  return (await paidAfter(db, bookingId)).reduce((s, p) => s + unrefunded(p), 0);
}

/** How a closed booking's ledger line names the close. */
const CLOSE_WORDS: Record<string, string> = { voided: 'void', refunded: 'refund', canceled: 'cancellation', rejected: 'rejection' };

/**
 * In the transaction that closed the booking (its status is `closedAs`): every confirmed purchase paid after
 * booking is given back. Answers what was given back.
 */
export async function refundExtrasOnClose(tx: DbOrTx, b: ExtrasBooking, closedAs: string, by: number | null, at: Date): Promise<number> {
  let total = 0;
  for (const p of await paidAfter(tx, b.id)) {
    const owed = unrefunded(p);
    const [mine] = await tx.update(extraPurchases).set({ status: 'refunded', refundedMinor: p.amountMinor })
      .where(and(eq(extraPurchases.id, p.id), eq(extraPurchases.status, 'confirmed'))).returning({ id: extraPurchases.id });
    if (!mine || owed <= 0) continue;
    if (p.paidWith === 'wallet' && b.userId !== null) {
      const lines = await tx.select().from(bookingExtras).where(eq(bookingExtras.purchaseId, p.id)).orderBy(bookingExtras.id);
      await creditWallet(tx, {
        agentId: bookingAgency(b)!, amountMinor: owed, currency: p.currency, type: 'refund', reference: `extras-refund:${p.id}`,
        description: `Refund of ${extrasText(lines)} on ${CLOSE_WORDS[closedAs] ?? closedAs} of PNR ${b.pnr}`, createdBy: by, at,
      });
    } else if (p.paidWith === 'card') {
      await markCardRefund(tx, p.id, owed);
    }
    total += owed;
  }
  return total;
}

/**
 * The card payment of a purchase marked for a refund of `minor` (refund_due: the booking operation refunds it
 * after commit, through card-refunds). Paid in full before, or refunded in part by a cheaper seat.
 */
async function markCardRefund(tx: DbOrTx, purchaseId: number, minor: number): Promise<boolean> {
  const ofPurchase = and(eq(payments.subjectKind, EXTRAS_SUBJECT), eq(payments.subjectId, purchaseId));
  const [marked] = await tx.update(payments).set({ status: 'refund_due', refundMinor: minor, refundTries: 0 })
    .where(and(ofPurchase, inArray(payments.status, ['paid', 'refunded']))).returning({ id: payments.id });
  if (marked) return true;
  // A part already marked and not yet refunded: the refund grows by this one.
  const [grown] = await tx.update(payments).set({ refundMinor: sql`coalesce(${payments.refundMinor}, 0) + ${minor}` })
    .where(and(ofPurchase, eq(payments.status, 'refund_due'))).returning({ id: payments.id });
  return !!grown;
}

export interface SeatSwapMoney { chargeMinor: number; giveBackMinor: number }

/**
 * What `lines` cost with the seats they replace in `active` (the booking's standing extras, read under its lock):
 * each new seat takes over the fare's part of the seat it replaces, and a replaced seat that was paid (confirmed)
 * counts its part paid after booking against the purchase. Below zero, the difference is given back.
 */
export function seatSwapMoney(active: readonly ExtraRow[], lines: readonly PricedExtra[]): SeatSwapMoney {
  let net = 0;
  for (const l of lines) {
    const old = l.kind === 'seat'
      ? active.find((r) => r.kind === 'seat' && r.passenger === l.passenger && r.flightNo === l.flightNo && r.date === l.date)
      : undefined;
    net += l.priceMinor - (old ? Math.min(l.priceMinor, old.fareMinor) : 0);
    if (old?.status === 'confirmed') net -= old.priceMinor - old.fareMinor;
  }
  return { chargeMinor: Math.max(0, net), giveBackMinor: Math.max(0, -net) };
}

/**
 * Gives back `minor` of what was paid after booking for the seats `purchase` replaced, from the latest purchases
 * that still hold money: to the agent's wallet in one credit (`extras-credit:<purchase>`), or by card, each
 * payment marked for its part. Answers what could not be placed (a card already being refunded), for the log.
 */
export async function giveBackForSwap(tx: DbOrTx, b: ExtrasBooking, purchase: PurchaseRow, minor: number, text: string, by: number | null, at: Date): Promise<number> {
  let left = minor;
  const pools = (await paidAfter(tx, b.id).orderBy(desc(extraPurchases.id))).filter((p) => p.id !== purchase.id && unrefunded(p) > 0);
  let toWallet = 0;
  for (const p of pools) {
    if (left === 0) break;
    const take = Math.min(left, unrefunded(p));
    if (p.paidWith === 'card' && !(await markCardRefund(tx, p.id, take))) continue;
    if (p.paidWith === 'wallet') toWallet += take;
    await tx.update(extraPurchases).set({ refundedMinor: sql`${extraPurchases.refundedMinor} + ${take}` }).where(eq(extraPurchases.id, p.id));
    left -= take;
  }
  if (toWallet > 0 && b.userId !== null) {
    await creditWallet(tx, {
      agentId: bookingAgency(b)!, amountMinor: toWallet, currency: purchase.currency, type: 'refund', reference: `extras-credit:${purchase.id}`,
      description: `Difference of ${text} on PNR ${b.pnr}`, createdBy: by, at,
    });
  }
  return left;
}

/** "seat 15A EK601 in place of seat 14C EK601": the seats a purchase replaced, for its ledger lines. */
export function swapText(active: readonly ExtraRow[], lines: readonly PricedExtra[]): string {
  return lines.flatMap((l) => {
    if (l.kind !== 'seat') return [];
    const old = active.find((r) => r.kind === 'seat' && r.passenger === l.passenger && r.flightNo === l.flightNo && r.date === l.date);
    return old ? [`seat ${l.designator} ${l.flightNo} in place of seat ${old.designator} ${old.flightNo}`] : [];
  }).join(', ');
}

/** The fare's part of the extras standing on `flights` (what a date change keeps of them, see reissue.ts). */
export const fareExtrasOn = (active: readonly ExtraRow[], flights: readonly { flightNo: string; date: string }[]) => active
  .filter((r) => r.status === 'confirmed' && flights.some((f) => f.flightNo === r.flightNo && f.date === r.date))
  .reduce((s, r) => s + r.fareMinor, 0);

/**
 * Seats and bags released while the booking goes on (the airline moved the booking off their flight): the part of
 * each line paid after booking comes back at once, by the way its purchase was paid, once per line
 * (`extras-released:<line>`). The fare's part stays with the fare. Answers the lines whose money came back.
 */
export async function refundReleasedExtras(tx: DbOrTx, b: ExtrasBooking, lines: readonly ExtraRow[], by: number | null, at: Date): Promise<ExtraRow[]> {
  const ids = [...new Set(lines.map((l) => l.purchaseId))];
  if (!ids.length) return [];
  const purchases = await tx.select().from(extraPurchases).where(and(inArray(extraPurchases.id, ids), eq(extraPurchases.status, 'confirmed'), inArray(extraPurchases.paidWith, [...PAID_AFTER])));
  const done: ExtraRow[] = [];
  for (const p of purchases) {
    for (const l of lines.filter((x) => x.purchaseId === p.id)) {
      const owed = Math.min(l.priceMinor - l.fareMinor, unrefunded(p));
      if (owed <= 0) continue;
      if (p.paidWith === 'card' && !(await markCardRefund(tx, p.id, owed))) continue;
      if (p.paidWith === 'wallet') {
        if (b.userId === null) continue;
        await creditWallet(tx, {
          agentId: bookingAgency(b)!, amountMinor: owed, currency: p.currency, type: 'refund', reference: `extras-released:${l.id}`,
          description: `Refund of ${extrasText([l])} released by the airline's change on PNR ${b.pnr}`, createdBy: by, at,
        });
      }
      p.refundedMinor += owed;
      await tx.update(extraPurchases).set({ refundedMinor: sql`${extraPurchases.refundedMinor} + ${owed}` }).where(eq(extraPurchases.id, p.id));
      done.push(l);
    }
  }
  return done;
}
