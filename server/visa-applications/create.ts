/**
 * POST /visa-applications: the visa read now (its price, never a client's), each traveller's dates checked
 * against the travel date, each document checked as the applicant's own upload of the right kind, then the
 * application written with its first event in one transaction; an agent paying from the wallet is debited in
 * that same transaction (the wallet row lock keeps parallel debits from overdrawing) and the application is
 * submitted at once. A card application waits for the verified payment callback.
 */
import { and, eq, sql } from 'drizzle-orm';
import { isStaff } from '../../contract/auth';
import { VAM, visaTravellerErrors, type VisaApplication, type VisaApplicationInput } from '../../contract/visa-applications';
import type { AppContext, SessionUser } from '../context';
import { visaApplications, visas } from '../db/schema';
import { ApiError, forbidden, notFound, validationError } from '../http/errors';
import { debitWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { actorOf } from '../bookings/records';
import { assertUploadOwnedBy } from '../uploads/service';
import { recordVisaEvent } from './events';
import { visaMail } from './mails';
import { visaSubmitted } from '../notifications/events';
import { loadVisaApplication, serializeVisaApplication, visaReference, type VisaApplicationRow } from './service';
import { agencyOf, purchaseAgency } from '../agency/of';
import { statusAtCreation } from '../lifecycle/tables';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export interface CreateVisaResult { application: VisaApplication; created: boolean }

export async function createVisaApplication(
  ctx: AppContext, user: SessionUser, input: VisaApplicationInput, key: string | null,
  checkoutUrl: (row: VisaApplicationRow) => Promise<string>,
): Promise<CreateVisaResult> {
  if (isStaff(user.role)) throw forbidden(VAM.staffApply);
  if (input.payment_method === 'wallet' && user.role !== 'agent') throw validationError({ payment_method: [VAM.walletAgentsOnly] });
  if (key) {
    const twin = await findByKey(ctx, key, user);
    if (twin) return { application: twin, created: false };
  }
  const today = ctx.now().toISOString().slice(0, 10);
  if (input.travel_date <= today) throw validationError({ travel_date: [VAM.travelPast] });
  const dateErrors = visaTravellerErrors(input.travellers, input.travel_date, today);
  if (Object.keys(dateErrors).length) throw validationError(Object.fromEntries(Object.entries(dateErrors).map(([k, m]) => [k, [m]])));
  // Every document must be the applicant's own upload; the photo an image, the passport scan an image or a PDF.
  for (const [i, t] of input.travellers.entries()) {
    await assertUploadOwnedBy(ctx.db, t.documents.passport, user.id, { field: `travellers.${i}.documents.passport` });
    await assertUploadOwnedBy(ctx.db, t.documents.photo, user.id, { field: `travellers.${i}.documents.photo`, imagesOnly: true });
  }
  const [visa] = await ctx.db.select().from(visas).where(and(eq(visas.id, input.visa_id), eq(visas.isPublished, true))).limit(1);
  if (!visa) throw notFound(VAM.visaNotFound);

  const now = ctx.now();
  const wallet = input.payment_method === 'wallet';
  const fee = visa.priceMinor * input.travellers.length;
  let row: VisaApplicationRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // The id first, so the reference (VA-26-000045) is written with the row rather than patched after.
      const res = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('visa_applications', 'id')) as id`);
      const id = Number((res as unknown as { rows: { id: string }[] }).rows[0].id);
      const [a] = await tx.insert(visaApplications).values({
        id, reference: visaReference(id, now), status: statusAtCreation('visa', wallet ? 'PAY' : 'APPLY'),
        userId: user.id, agencyId: purchaseAgency(user), channel: user.role === 'agent' ? 'agent' : 'customer', visaId: visa.id,
        visa: { id: visa.id, title: visa.title, title_ar: visa.titleAr, country: visa.country, country_code: visa.countryCode, visa_type: visa.visaType },
        travelDate: input.travel_date, travellers: input.travellers, travellerCount: input.travellers.length,
        unitPriceMinor: visa.priceMinor, feeMinor: fee, currency: visa.currency,
        paymentMethod: input.payment_method, paymentStatus: wallet ? 'paid' : 'pending',
        contactEmail: input.contact.email, contactPhone: input.contact.phone, contactCountry: input.contact.country,
        idempotencyKey: key, locale: input.locale ?? user.locale ?? 'en', createdAt: now, updatedAt: now, submittedAt: wallet ? now : null,
      }).returning();
      await recordVisaEvent(tx, { applicationId: a.id, action: 'created', from: null, to: a.status, actor: actorOf(user), at: now, note: wallet ? 'wallet' : 'card' });
      if (wallet) {
        await debitWallet(tx, {
          agentId: agencyOf(user), amountMinor: fee, currency: a.currency, type: 'visa', reference: `visa-application:${a.reference}`,
          description: `Visa ${visa.title}, ${a.travellerCount} travellers, ${a.reference}`, createdBy: user.id, at: now,
        });
        await enqueueMail(tx, a.contactEmail, visaMail('submitted', a, ctx.config.appUrl));
        await visaSubmitted(tx, ctx, a);
      }
      return a;
    });
  } catch (err) {
    // A twin request with the same Idempotency-Key committed first: answer its application.
    if (key && isUniqueViolation(err)) {
      const twin = await findByKey(ctx, key, user);
      if (twin) return { application: twin, created: false };
    }
    throw err;
  }
  return { application: await serializeVisaApplication(ctx.db, row, wallet ? undefined : await checkoutUrl(row)), created: true };
}

async function findByKey(ctx: AppContext, key: string, user: SessionUser): Promise<VisaApplication | null> {
  const [row] = await ctx.db.select({ id: visaApplications.id, userId: visaApplications.userId }).from(visaApplications).where(eq(visaApplications.idempotencyKey, key)).limit(1);
  if (!row) return null;
  if (row.userId !== user.id) throw new ApiError(422, VAM.idempotencyReuse, { idempotency_key: [VAM.idempotencyReuse] });
  return serializeVisaApplication(ctx.db, (await loadVisaApplication(ctx.db, { id: row.id }))!);
}
