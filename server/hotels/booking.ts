/**
 * POST /hotel-bookings: the rate re-priced now (404 unknown, 410 expired, 409 sold out or a moved price), the
 * room nights consumed and the booking written in one statement (so a booking never exists without its rooms,
 * nor rooms without a booking), and for an agent that statement and the wallet's debit in one transaction (the
 * wallet row lock keeps parallel bookings from overdrawing). A card booking waits for the verified payment callback.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isStaff } from '../../contract/auth';
import { nightsBetween, type HotelBooking, type HotelBookingInput } from '../../contract/hotels';
import { parseMinor, toMoney, type Money } from '../../contract/money';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { hotelBookings } from '../db/schema';
import { preparedPerDb } from '../db/prepared';
import { ApiError, conflict, forbidden, notFound, validationError } from '../http/errors';
import { debitWallet, type PostResult } from '../ledger/service';
import { outboxRow } from '../mail/outbox';
import { isCappedHold, limitBookingRate } from '../bookings/hold-limits';
import { actorOf } from '../bookings/records';
import { hotelEventValues } from './events';
import { writeHotelBooking, type HotelBookingWrite, type HotelBookingWritten } from './booking-write';
import { pricingFor } from '../pricing';
import { hotelMail } from './mails';
import { HSM } from './messages';
import { checkStay, loadHotelBooking, serializeHotelBooking, type HotelBookingRow } from './service';
import { hotelRoomStore, hotelSupplier } from './supplier';
import { agencyOf, purchaseAgency } from '../agency/of';
import { getBookingSettings } from '../booking-ops/settings';
import { statusAtCreation } from '../lifecycle/tables';


/** 409 with the new total: the client shows it and resubmits with it as expected_total. */
export class HotelPriceChangedError extends ApiError {
  constructor(readonly total: Money) { super(409, HSM.priceChanged); }
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newReference = () => `HTL-${Array.from({ length: 6 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('')}`;

export interface CreateHotelResult {
  booking: HotelBooking;
  created: boolean;
  /** The agent's wallet as the booking's debit left it, for the answer's wallet header. */
  walletAfter?: PostResult['funds'];
}

export async function createHotelBooking(
  ctx: AppContext, user: SessionUser | null, input: HotelBookingInput, key: string | null,
  hooks: { ip: string; checkout: (booking: HotelBookingRow) => Promise<{ url: string; tracker: string }> },
): Promise<CreateHotelResult> {
  if (user && isStaff(user.role)) throw forbidden(HSM.staffBook);
  if (user?.role === 'agent' && (!user.isApproved || !user.emailVerifiedAt)) throw forbidden(HSM.pendingAgent);
  if (input.payment_method === 'wallet' && user?.role !== 'agent') throw validationError({ payment_method: [HSM.walletAgentsOnly] });
  checkStay(ctx, input);
  if (input.guests.length !== input.rooms.length) throw validationError({ guests: [HSM.guestsPerRoom] });

  let made: Awaited<ReturnType<typeof writeOnce>>;
  try {
    made = await writeOnce(ctx, user, input, key, hooks.ip);
  } catch (err) {
    // The Idempotency-Key is looked up only when the booking could not be made: nearly every key is new, and a
    // request repeated after its booking was made fails here (its key is taken, its rooms may be gone, its rate
    // expired) and is answered with that booking.
    if (key) {
      const twin = await findByKey(ctx, key, user, input.contact.email);
      if (twin) return { booking: twin, created: false };
    }
    throw err;
  }
  const checkout = made.row.paymentMethod === 'wallet' ? undefined : await hooks.checkout(made.row);
  return { booking: serializeHotelBooking(ctx, made.row, checkout), created: true, walletAfter: made.walletAfter };
}

/** The booking priced and written, and for an agent paid from the wallet; throws whatever stopped it. */
async function writeOnce(ctx: AppContext, user: SessionUser | null, input: HotelBookingInput, key: string | null, ip: string) {
  if (isCappedHold(user, input.payment_method)) await limitBookingRate(ctx, ip, input.contact.email);

  const supplier = hotelSupplier(ctx);
  const priced = await supplier.price(input.rate_id, input, { pricing: await pricingFor(ctx.db, user), now: ctx.now().getTime() });
  if (priced.status === 'unknown') throw notFound(HSM.unknownRate);
  if (priced.status === 'expired') throw new ApiError(410, HSM.expired);
  if (priced.status === 'mismatch') throw validationError({ [priced.field]: [HSM.stayMismatch] });
  if (priced.status === 'unavailable') throw conflict(HSM.unavailable);
  const expected = input.expected_total ? parseMinor(input.expected_total) : null;
  if (expected !== null && expected !== priced.total_minor) throw new HotelPriceChangedError(toMoney(priced.total_minor, priced.currency));

  const p = priced.property;
  const now = ctx.now();
  const { holdMinutes } = await getBookingSettings(ctx.db);
  const wallet = input.payment_method === 'wallet';
  const store = hotelRoomStore(ctx);
  const status = statusAtCreation('hotel', wallet ? 'PAY' : 'HOLD');
  const booking: HotelBookingWrite['booking'] = {
    reference: newReference(), status,
    userId: user?.id ?? null, agencyId: purchaseAgency(user), channel: user ? (user.role === 'agent' ? 'agent' : 'customer') : 'guest', supplier: supplier.code,
    rateId: input.rate_id, hotelId: p.id, cityId: p.city.id,
    hotel: { id: p.id, name: p.name, stars: p.stars, address: p.address, city: p.city.name, country_code: p.city.country, photo: `/api/hotel-images/${p.id}-0.svg`, check_in_time: p.check_in_time, check_out_time: p.check_out_time, time_zone: p.city.tz },
    room: { code: priced.room.code, name: priced.room.name, type: priced.room.type },
    board: priced.board, refundable: priced.refundable, freeCancellationUntil: priced.free_cancellation_until,
    checkIn: input.check_in, checkOut: input.check_out, nights: nightsBetween(input.check_in, input.check_out),
    rooms: input.rooms, guests: input.guests,
    contactEmail: input.contact.email.trim().toLowerCase(), contactPhone: input.contact.phone, contactCountry: input.contact.country,
    specialRequests: input.special_requests ?? '', nightly: priced.nightly,
    taxesMinor: priced.taxes_minor, totalMinor: priced.total_minor, penaltyMinor: priced.penalty_minor, currency: priced.currency,
    paymentMethod: input.payment_method, paymentStatus: wallet ? 'paid' : 'pending',
    holdExpiresAt: wallet ? null : new Date(now.getTime() + holdMinutes * 60_000),
    idempotencyKey: key, locale: input.locale ?? user?.locale ?? 'en', createdAt: now, updatedAt: now, confirmedAt: wallet ? now : null,
  };
  const write = (tx: DbOrTx | null, mail?: ReturnType<typeof outboxRow>): Promise<HotelBookingWritten> => writeHotelBooking(ctx.db, tx, {
    cityId: p.city.id, rooms: input.rooms.length,
    nights: priced.nights.map((key) => ({ key, capacity: supplier.capacity(key) })),
    booking,
    event: hotelEventValues({ action: 'created', from: null, to: status, actor: actorOf(user), at: now, note: wallet ? 'wallet' : 'card' }),
    mail,
  }, HSM.unavailable);
  // A card booking is one statement; a wallet booking is that statement, which also queues the confirmation, and
  // the debit, in one transaction.
  let walletAfter: PostResult['funds'];
  const written = await store.during(() => (wallet ? ctx.db.transaction(async (tx) => {
    const confirmation = outboxRow(booking.contactEmail, hotelMail('confirmed', { ...booking, id: 0 } as HotelBookingRow, ctx.config.appUrl));
    const w = await write(tx, confirmation);
    const b = w.row;
    walletAfter = (await debitWallet(tx, {
      agentId: agencyOf(user!), amountMinor: b.totalMinor, currency: b.currency, type: 'booking', reference: `hotel-booking:${b.reference}`,
      description: `Hotel ${p.name}, ${b.checkIn} to ${b.checkOut}, ${b.reference}`, createdBy: user!.id, at: now,
    })).funds;
    return w;
  }) : write(null)), (w) => ({ cityId: p.city.id, nights: w.soldAfter }));
  return { row: written.row, walletAfter };
}

/** Whose booking holds this Idempotency-Key, built once. */
const byKeyQuery = preparedPerDb((db) => db
  .select({ id: hotelBookings.id, userId: hotelBookings.userId, contactEmail: hotelBookings.contactEmail })
  .from(hotelBookings).where(eq(hotelBookings.idempotencyKey, sql.placeholder('key'))).limit(1)
  .prepare('hotel_booking_by_key'));

async function findByKey(ctx: AppContext, key: string, user: SessionUser | null, email: string): Promise<HotelBooking | null> {
  const [row] = await byKeyQuery(ctx.db).execute({ key });
  if (!row) return null;
  const mine = user ? row.userId === user.id : row.userId === null && row.contactEmail === email.trim().toLowerCase();
  if (!mine) throw new ApiError(422, HSM.idempotencyReuse, { idempotency_key: [HSM.idempotencyReuse] });
  return serializeHotelBooking(ctx, (await loadHotelBooking(ctx.db, { id: row.id }))!);
}
