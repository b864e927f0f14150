/**
 * Visa applications: reading them back (one, a list, a guest's look-up) and their answer shape. Creating one is
 * in create.ts, status moves in status.ts, card payment in payment.ts.
 */
import type { Context } from 'hono';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { passportsExpiringSoon } from '../../contract/bookings';
import { toMoney } from '../../contract/money';
import { can, type Permission } from '../../contract/permissions';
import {
  VAM, VISA_DOCUMENT_KINDS, type VisaApplication, type VisaApplicationListRow, type VisaApplicationStatus, type VisaDocument, type VisaDocumentKind, type VisaTravellerInput,
} from '../../contract/visa-applications';
import type { AppContext, AppEnv, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { uploads, users, visaApplications } from '../db/schema';
import { notFound, validationError } from '../http/errors';
import { guestLookup } from '../auth/guest-lookup';
import { clientIp } from '../http/ip';
import { ownRowsScope, ownsOrAdministers } from '../agency/scope';

export type VisaApplicationRow = typeof visaApplications.$inferSelect;
export interface StoredTraveller extends Omit<VisaTravellerInput, 'documents'> { documents: Record<VisaDocumentKind, string> }
interface VisaSnapshot { id: number; title: string; title_ar: string | null; country: string; country_code: string; visa_type: string }

export const REFERENCE = /^VA-\d{2}-\d{6}$/i;
/** A human reference from the row's id and the year it was made: VA-26-000045. */
export const visaReference = (id: number, now: Date) => `VA-${String(now.getUTCFullYear()).slice(2)}-${String(id).padStart(6, '0')}`;

export async function loadVisaApplication(db: DbOrTx, where: { id: number } | { reference: string }): Promise<VisaApplicationRow | null> {
  const cond = 'id' in where ? eq(visaApplications.id, where.id) : eq(visaApplications.reference, where.reference.toUpperCase());
  const [row] = await db.select().from(visaApplications).where(cond).limit(1);
  return row ?? null;
}

function base(r: VisaApplicationRow, checkoutUrl?: string) {
  const visa = r.visa as VisaSnapshot;
  const travellers = r.travellers as StoredTraveller[];
  return {
    id: r.id, reference: r.reference, status: r.status as VisaApplicationStatus, visa, travel_date: r.travelDate, traveller_count: r.travellerCount,
    fee: toMoney(r.feeMinor, r.currency), unit_price: toMoney(r.unitPriceMinor, r.currency),
    payment: { method: r.paymentMethod, status: r.paymentStatus, ...(checkoutUrl ? { checkout_url: checkoutUrl } : {}) },
    rejection_reason: r.rejectionReason, channel: r.channel, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString(),
    passport_warnings: passportsExpiringSoon(travellers.map((t) => ({ expiry_date: t.passport_expiry })), r.travelDate),
  };
}

/** The application with its travellers and their documents (names and types read from the uploads). */
export async function serializeVisaApplication(db: DbOrTx, r: VisaApplicationRow, checkoutUrl?: string): Promise<VisaApplication> {
  const travellers = r.travellers as StoredTraveller[];
  const names = travellers.flatMap((t) => Object.values(t.documents));
  const files = names.length ? await db.select({ fileName: uploads.fileName, mime: uploads.mime, originalName: uploads.originalName }).from(uploads).where(inArray(uploads.fileName, names)) : [];
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const docUrl = (file: string) => `/api/visa-applications/${r.id}/documents/${file}`;
  return {
    ...base(r, checkoutUrl),
    contact: { email: r.contactEmail, phone: r.contactPhone, country: r.contactCountry },
    travellers: travellers.map(({ documents, ...t }) => ({
      ...t,
      // In the kinds' order: jsonb keeps object keys in an order of its own.
      documents: VISA_DOCUMENT_KINDS.filter((kind) => documents[kind]).map((kind): VisaDocument => ({
        kind, file_name: documents[kind], mime: byName.get(documents[kind])?.mime ?? '', original_name: byName.get(documents[kind])?.originalName ?? documents[kind], url: docUrl(documents[kind]),
      })),
    })),
  };
}

export interface VisaListFilters { page: number; per_page: number; status?: VisaApplicationStatus; reference?: string }

/**
 * Staff who read bookings see every application; customers and agents their own, an agency and its admins all of
 * the agency's.
 */
export async function listVisaApplications(ctx: AppContext, user: SessionUser, f: VisaListFilters) {
  const conds: SQL[] = [];
  if (!can(user.role, 'bookings.read')) conds.push(ownRowsScope(user, visaApplications));
  if (f.status) conds.push(eq(visaApplications.status, f.status));
  if (f.reference) conds.push(eq(visaApplications.reference, f.reference.toUpperCase()));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await ctx.db.select({ a: visaApplications, name: users.name }).from(visaApplications)
    .leftJoin(users, eq(users.id, visaApplications.userId)).where(where)
    .orderBy(desc(visaApplications.id)).limit(f.per_page).offset((f.page - 1) * f.per_page);
  const [{ n }] = await ctx.db.select({ n: count() }).from(visaApplications).where(where);
  const data: VisaApplicationListRow[] = rows.map(({ a, name }) => ({ ...base(a), applicant: name ?? '', contact_email: a.contactEmail }));
  return { data, meta: { page: f.page, per_page: f.per_page, total: n } };
}


/**
 * The application a request names: by id or reference for its owner or staff with `staffPermission`, or by
 * reference and contact email for someone signed out (failed look-ups counted like the bookings' ones).
 */
export async function findVisaApplication(c: Context<AppEnv>, idOrRef: string, email: string | undefined, staffPermission: Permission = 'bookings.read'): Promise<VisaApplicationRow> {
  const ctx = c.get('ctx');
  const where = /^\d{1,9}$/.test(idOrRef) ? { id: Number(idOrRef) } : REFERENCE.test(idOrRef) ? { reference: idOrRef } : null;
  const user = c.get('user');
  if (!user && email !== undefined && email !== '') {
    return guestLookup(ctx, clientIp(c), email, async () => {
      const a = where && 'reference' in where ? await loadVisaApplication(ctx.db, where) : null;
      return a && a.contactEmail === email ? a : null;
    }, 'No application matches this reference and email.');
  }
  if (!user) throw validationError({ email: [VAM.lookup] });
  const a = where ? await loadVisaApplication(ctx.db, where) : null;
  if (!a || (!ownsOrAdministers(user, a) && !can(user.role, staffPermission))) throw notFound(VAM.notFound);
  return a;
}

/** Whether the file is one of this application's documents (a download names nothing else). */
export const isDocumentOf = (a: VisaApplicationRow, file: string) => (a.travellers as StoredTraveller[]).some((t) => Object.values(t.documents).includes(file));
