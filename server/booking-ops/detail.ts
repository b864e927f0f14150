import { and, eq, gt, inArray } from 'drizzle-orm';
import { payments } from '../db/schema';
import type { AppContext, SessionUser } from '../context';
import { toMoney } from '../../contract/money';
import { notFound } from '../http/errors';
import { serializeBooking } from '../bookings/records';
import { agentSummaries } from '../agents/common';
import { agencyContact } from '../agents/contact';
import { bookingAgency } from '../agency/of';
import { accessOf, loadWithDirect, OPS } from './service';
import { UNKNOWN_DOB } from './direct';
import { agentMayTicket } from '../../contract/direct-bookings';
import { payableMinor, rateText, voidRefundMinor } from '../pricing';
import { quotedRefund, supplierQuote } from './supplier-refunds';
import type { Order } from '../suppliers/flight/types';
import { getBookingSettings, voidWindowClosesAt } from './settings';
import { quoteWire, refundOpen } from './refunds';
import { reissueOpen } from './reissue';
import { MAX_REFUND_TRIES } from './card-refunds';
import { extrasRefundMinor } from '../flight-extras/refunds';

/** The booking's card refund after the void window once it failed or was paid back after failing. */
async function cardRefund(ctx: AppContext, bookingId: number) {
  const [p] = await ctx.db.select().from(payments).where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['refund_failed', 'refunded']), gt(payments.refundTries, 0))).limit(1);
  return p ? { status: p.status, amount: toMoney(p.refundMinor ?? p.amountMinor, p.currency), reason: p.failureReason, tries: p.refundTries, max_tries: MAX_REFUND_TRIES } : null;
}

/** A booking as the detail screens show it: the booking service's shape plus direct-booking facts and the void window. */
export async function bookingDetail(ctx: AppContext, user: SessionUser, bookingId: number) {
  const b = await loadWithDirect(ctx.db, bookingId);
  const access = b ? accessOf(b.row, user) : null;
  if (!b || !access) throw notFound(OPS.notFound);
  const s = await getBookingSettings(ctx.db);
  const agent = b.row.userId ? (await agentSummaries(ctx.db, [b.row.userId])).get(b.row.userId) : undefined;
  const base = serializeBooking(b, { events: true });
  base.travellers = base.travellers.map((t) => (t.dob === UNKNOWN_DOB ? { ...t, dob: '' } : t));
  const margin = b.direct?.marginMinor ?? 0;
  const closes = b.row.ticketedAt && !b.row.reissuedAt && (b.row.status === 'ticketed' || b.row.status === 'requested') ? voidWindowClosesAt(b.row.ticketedAt, s.timeZone) : null;
  const paid = payableMinor(b.row.totalMinor, margin);
  // A supplier that refunds by its own quote is asked while a void is possible: its quote is what a void gives back.
  const quote = closes && ctx.now() < closes ? await supplierQuote(ctx, b.row).catch((err) => { ctx.log.warn({ err, pnr: b.row.pnr }, 'supplier refund quote failed'); return null; }) : null;
  const voidRefund = quote ? quotedRefund(paid, quote) : voidRefundMinor(paid, s.voidChargeMinor);
  const remote = (b.row.supplierOrder as Order | null)?.remote;
  return {
    ...base,
    agent: b.row.channel === 'agent' || b.row.channel === 'staff' ? agent ?? null : null,
    // Staff only: how to reach the agency (name, contact person, email, phone); the owner knows its own.
    agent_contact: access !== 'owner' && (b.row.channel === 'agent' || b.row.channel === 'staff') ? await agencyContact(ctx.db, b.row.userId, bookingAgency(b.row)) : null,
    access,
    offline: b.row.supplier === 'offline',
    void_window_closes_at: closes?.toISOString() ?? null,
    void_window_open: closes ? ctx.now() < closes : false,
    void_charge: toMoney(paid - voidRefund, b.row.currency),
    // What an approved void gives back, by the same rule the approval credits (so the owner sees it before asking).
    void_refund: toMoney(voidRefund, b.row.currency),
    // What a void, refund or cancel gives back besides, in full, for seats and bags bought after booking.
    extras_refund: toMoney(await extrasRefundMinor(ctx.db, bookingId), b.row.currency),
    // Staff only: what the supplier charges in its own currency and the rate the booking was sold at.
    supplier_price: access === 'owner' || !remote ? null : { amount: remote.amount, currency: remote.currency, rate: rateText(remote.rate_micros), order_id: remote.order_id, airline_reference: remote.booking_reference },
    payable: toMoney(payableMinor(b.row.totalMinor, margin), b.row.currency),
    // A refund may be asked for (ticketed, void window closed, not flown); the quote the owner confirmed, once asked.
    refund_open: await refundOpen(ctx.db, b.row, ctx.now()),
    // The date may be changed (ticketed, not flown, the fare allows changes); card bookings through our support team.
    // A card refund the provider refused (staff only): what is owed, why, and how many tries so far.
    card_refund: access === 'owner' ? null : await cardRefund(ctx, bookingId),
    reissue_open: reissueOpen(b.row, ctx.now()),
    reissued_at: b.row.reissuedAt?.toISOString() ?? null,
    refund_quote: b.row.refundQuote ? quoteWire(b.row.refundQuote, b.row.currency) : null,
    direct: b.direct ? {
      source: b.direct.source, margin: toMoney(margin, b.row.currency), airline_pnr: b.direct.airlinePnr, note: b.direct.note,
      raw_display: b.direct.rawDisplay, entered_by: b.direct.enteredBy, created_at: b.direct.createdAt.toISOString(),
    } : null,
    // The owner may ticket this import itself from its wallet (once topped up), rather than wait for staff.
    owner_may_ticket: access === 'owner' && b.row.status === 'pending' && !!b.direct && agentMayTicket({ source: b.direct.source, entered_by: b.direct.enteredBy }, b.row.userId),
  };
}

