/**
 * POST /package-bookings: the package re-read and priced here (per person by sharing × travellers, never a
 * client's number), the departure's seats taken by one conditional update (available >= n, so parallel bookings
 * for the last places cannot oversell) and the booking written in the same transaction; an agent's wallet is
 * debited in it too (the wallet row lock keeps parallel bookings from overdrawing). A card booking waits for the
 * verified payment callback, holding its seats until the hold expires.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { isStaff } from '../../contract/auth';
import { todayInZone } from '../../contract/flights';
import { toMoney } from '../../contract/money';
import { packageTravellerErrors, packageReturnDate, PKM, type PackageBooking, type PackageBookingInput, type PackageTravellerInput } from '../../contract/package-bookings';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { packageBookings, packageDepartures } from '../db/schema';
import { ApiError, conflict, forbidden, notFound, validationError } from '../http/errors';
import { debitWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { packageMail } from './mails';
import { bookedPackage, loadPackage } from './packages';
import { agencyOf, purchaseAgency } from '../agency/of';
import { statusAtCreation } from '../lifecycle/tables';

export type PackageBookingRow = typeof packageBookings.$inferSelect;

/** An unpaid card booking keeps its seats this long, then the job gives them back. */
export const PACKAGE_HOLD_MINUTES = 30;
/** "Today" where it is earliest on earth, so nobody is told a departure today has left. */
export const packageToday = (ctx: AppContext) => todayInZone('Etc/GMT+12', ctx.now());

/** PK-26-000012: the year booked and the row's number, readable on the phone. */
const referenceOf = (id: number, at: Date) => `PK-${String(at.getUTCFullYear()).slice(2)}-${String(id).padStart(6, '0')}`;
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const fieldErrors = (errors: Record<string, string>) => validationError(Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, [m]])));

export async function createPackageBooking(
  ctx: AppContext, user: SessionUser | null, input: PackageBookingInput, key: string | null,
  checkoutUrl: (row: PackageBookingRow) => Promise<string>,
): Promise<{ booking: PackageBooking; created: boolean }> {
  if (user && isStaff(user.role)) throw forbidden(PKM.staffBook);
  if (user?.role === 'agent' && (!user.isApproved || !user.emailVerifiedAt)) throw forbidden(PKM.pendingAgent);
  if (input.payment_method === 'wallet' && user?.role !== 'agent') throw validationError({ payment_method: [PKM.walletAgentsOnly] });
  if (key) {
    const twin = await findByKey(ctx, key, user, input.contact.email);
    if (twin) return { booking: twin, created: false };
  }

  const p = await loadPackage(ctx.db, input.kind, input.package_id);
  if (!p) throw notFound(PKM.packageNotFound);
  const perPerson = p.prices[input.sharing];
  if (perPerson === undefined) throw validationError({ sharing: [PKM.sharingUnavailable] });
  const [dep] = await ctx.db.select().from(packageDepartures)
    .where(and(eq(packageDepartures.id, input.departure_id), eq(packageDepartures.packageKind, input.kind), eq(packageDepartures.packageId, p.id))).limit(1);
  if (!dep) throw validationError({ departure_id: [PKM.departureNotFound] });
  const today = packageToday(ctx);
  if (dep.departureDate < today) throw validationError({ departure_id: [PKM.departurePast] });
  const returnDate = packageReturnDate(dep.departureDate, p.days);
  const errors = packageTravellerErrors(input.travellers, returnDate, today);
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const seats = input.travellers.length;
  const total = perPerson * seats;
  const now = ctx.now();
  const wallet = input.payment_method === 'wallet';
  let row: PackageBookingRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [taken] = await tx.update(packageDepartures).set({ seatsAvailable: sql`${packageDepartures.seatsAvailable} - ${seats}`, updatedAt: now })
        .where(and(eq(packageDepartures.id, dep.id), gte(packageDepartures.seatsAvailable, seats))).returning({ id: packageDepartures.id });
      if (!taken) throw conflict(PKM.notEnoughPlaces);
      // The reference is made of the row's id: written under a placeholder, then named in the same transaction.
      const [draft] = await tx.insert(packageBookings).values({
        reference: `PK-NEW-${randomUUID()}`, status: statusAtCreation('package', wallet ? 'PAY' : 'HOLD'),
        userId: user?.id ?? null, agencyId: purchaseAgency(user), channel: user ? (user.role === 'agent' ? 'agent' : 'customer') : 'guest',
        packageKind: p.kind, packageId: p.id, departureId: dep.id,
        package: bookedPackage(p),
        departureDate: dep.departureDate, returnDate, sharing: input.sharing, travellers: input.travellers, seats,
        perPersonMinor: perPerson, totalMinor: total, currency: p.currency,
        contactEmail: input.contact.email.trim().toLowerCase(), contactPhone: input.contact.phone, contactCountry: input.contact.country,
        paymentMethod: input.payment_method, paymentStatus: wallet ? 'paid' : 'pending',
        holdExpiresAt: wallet ? null : new Date(now.getTime() + PACKAGE_HOLD_MINUTES * 60_000),
        idempotencyKey: key, locale: input.locale ?? user?.locale ?? 'en', createdAt: now, updatedAt: now, paidAt: wallet ? now : null,
      }).returning();
      const [b] = await tx.update(packageBookings).set({ reference: referenceOf(draft.id, now) }).where(eq(packageBookings.id, draft.id)).returning();
      if (wallet) {
        await debitWallet(tx, {
          agentId: agencyOf(user!), amountMinor: total, currency: p.currency, type: p.kind === 'umrah' ? 'umrah' : 'booking', reference: `package-booking:${b.reference}`,
          description: `${p.title}, ${b.departureDate}, ${seats} × ${b.sharing}, ${b.reference}`, createdBy: user!.id, at: now,
        });
        await enqueueMail(tx, b.contactEmail, packageMail('paid', b, ctx.config.appUrl));
      }
      return b;
    });
  } catch (err) {
    // A twin request with the same Idempotency-Key committed first: answer its booking.
    if (key && (isUniqueViolation(err) || (err instanceof ApiError && err.status === 409))) {
      const twin = await findByKey(ctx, key, user, input.contact.email);
      if (twin) return { booking: twin, created: false };
    }
    throw err;
  }
  const url = wallet ? undefined : await checkoutUrl(row);
  return { booking: serializePackageBooking(row, url), created: true };
}

async function findByKey(ctx: AppContext, key: string, user: SessionUser | null, email: string): Promise<PackageBooking | null> {
  const [row] = await ctx.db.select().from(packageBookings).where(eq(packageBookings.idempotencyKey, key)).limit(1);
  if (!row) return null;
  const mine = user ? row.userId === user.id : row.userId === null && row.contactEmail === email.trim().toLowerCase();
  if (!mine) throw new ApiError(422, PKM.idempotencyReuse, { idempotency_key: [PKM.idempotencyReuse] });
  return serializePackageBooking(row);
}

export function serializePackageBooking(row: PackageBookingRow, checkoutUrl?: string | null): PackageBooking {
  const money = (minor: number) => toMoney(minor, row.currency);
  return {
    id: row.id, reference: row.reference, status: row.status, kind: row.packageKind,
    package: row.package as PackageBooking['package'], departure_id: row.departureId,
    departure_date: row.departureDate, return_date: row.returnDate, sharing: row.sharing,
    travellers: row.travellers as PackageTravellerInput[],
    contact: { email: row.contactEmail, phone: row.contactPhone, country: row.contactCountry },
    per_person: money(row.perPersonMinor), total: money(row.totalMinor), refund: row.refundMinor === null ? null : money(row.refundMinor),
    payment: { method: row.paymentMethod, status: row.paymentStatus, ...(checkoutUrl !== undefined ? { checkout_url: checkoutUrl } : {}) },
    hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
    agent_id: row.channel === 'agent' ? row.userId : null,
    created_at: row.createdAt.toISOString(), confirmed_at: row.confirmedAt?.toISOString() ?? null, canceled_at: row.canceledAt?.toISOString() ?? null,
  };
}

export async function loadPackageBooking(db: DbOrTx, where: { id?: number; reference?: string }): Promise<PackageBookingRow | null> {
  const cond = where.id !== undefined ? eq(packageBookings.id, where.id) : eq(packageBookings.reference, (where.reference ?? '').toUpperCase());
  const [row] = await db.select().from(packageBookings).where(cond).limit(1);
  return row ?? null;
}

/** Gives a booking's seats back, inside the transaction of the conditional status change that ended it. */
export async function releaseSeats(tx: DbOrTx, b: PackageBookingRow, at: Date): Promise<void> {
  await tx.update(packageDepartures).set({ seatsAvailable: sql`${packageDepartures.seatsAvailable} + ${b.seats}`, updatedAt: at })
    .where(eq(packageDepartures.id, b.departureId));
}
