/**
 * POST /insurance-policies: the plan re-quoted now with quotePlan (a client's total is only compared, never
 * used: 409 with the new price when it differs), the plan's rules checked with a message on the field at fault,
 * and the policy written. A card policy waits for the verified payment callback until its hold runs out; an
 * agent's wallet is debited in the policy's own transaction (the wallet row lock keeps parallel purchases from
 * overdrawing) and the policy is issued at once.
 *
 * Price: the pricing module has no insurance margin yet (server/pricing covers flights and hotels), so the price
 * is the plan's quote for everyone, customers and agents alike.
 */
import { eq, sql } from 'drizzle-orm';
import { isStaff } from '../../contract/auth';
import { todayInZone } from '../../contract/flights';
import { ageOnDay, coverDays, ISM, policyDateErrors, type InsurancePolicy, type InsurancePolicyInput, type PolicyTraveller } from '../../contract/insurance';
import { parseMinor, toMoney, type Money } from '../../contract/money';
import { quotePlan } from '../catalogue/insurance';
import type { AppContext, SessionUser } from '../context';
import { insurancePlans, insurancePolicies } from '../db/schema';
import { ApiError, forbidden, validationError } from '../http/errors';
import { debitWallet } from '../ledger/service';
import { enqueueMail } from '../mail/outbox';
import { policyMail } from './mails';
import { loadPolicy, serializePolicy, type PolicyRow, type SoldPlan } from './service';
import { agencyOf, purchaseAgency } from '../agency/of';
import { statusAtCreation } from '../lifecycle/tables';

/** An unpaid card policy is kept this long, then the job expires it. */
export const POLICY_HOLD_MINUTES = 30;

export class PolicyPriceChangedError extends ApiError {
  constructor(readonly total: Money) { super(409, ISM.priceChanged); }
}

/** "Today" where it is earliest on earth, so nobody is told a cover starting today is in the past. */
export const insuranceToday = (ctx: AppContext) => todayInZone('Etc/GMT+12', ctx.now());

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const first = (errors: Record<string, string>) => validationError(Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, [m]])));

/** The plan's eligibility as field errors: the region, the length of cover, each traveller's age. */
function eligibilityErrors(plan: typeof insurancePlans.$inferSelect, input: InsurancePolicyInput, days: number, ages: number[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!plan.regions.includes(input.region)) errors.region = ISM.notCovered;
  if (days > plan.maxDays) errors.end_date = ISM.tooLong;
  ages.forEach((age, i) => { if (age > plan.maxAge) errors[`travellers.${i}.date_of_birth`] = ISM.tooOld; });
  return errors;
}

export interface CreatePolicyResult { policy: InsurancePolicy; created: boolean }

export async function createPolicy(
  ctx: AppContext, user: SessionUser | null, input: InsurancePolicyInput, key: string | null,
  checkoutUrl: (row: PolicyRow) => Promise<string | null>,
): Promise<CreatePolicyResult> {
  if (user && isStaff(user.role)) throw forbidden(ISM.staffBuy);
  if (user?.role === 'agent' && (!user.isApproved || !user.emailVerifiedAt)) throw forbidden(ISM.pendingAgent);
  if (input.payment_method === 'wallet' && user?.role !== 'agent') throw validationError({ payment_method: [ISM.walletAgentsOnly] });
  const dateErrors = policyDateErrors(input, insuranceToday(ctx));
  if (Object.keys(dateErrors).length) throw first(dateErrors);

  if (key) {
    const twin = await findByKey(ctx, key, user, input.contact.email);
    if (twin) return { policy: twin, created: false };
  }

  const [plan] = await ctx.db.select().from(insurancePlans).where(eq(insurancePlans.id, input.plan_id)).limit(1);
  if (!plan || !plan.isPublished) throw validationError({ plan_id: [ISM.planNotFound] });
  const days = coverDays(input.start_date, input.end_date);
  const ages = input.travellers.map((t) => ageOnDay(t.date_of_birth, input.start_date));
  const ineligible = eligibilityErrors(plan, input, days, ages);
  if (Object.keys(ineligible).length) throw first(ineligible);
  const quote = quotePlan(plan, { days, region: input.region, ages });
  if (!quote.eligible || !quote.total) throw validationError({ plan_id: [quote.reason ?? ISM.planNotFound] });
  const totalMinor = parseMinor(quote.total.amount)!;
  const expected = input.expected_total ? parseMinor(input.expected_total) : null;
  if (expected !== null && expected !== totalMinor) throw new PolicyPriceChangedError(quote.total);

  const now = ctx.now();
  const wallet = input.payment_method === 'wallet';
  const travellers: PolicyTraveller[] = input.travellers.map((t, i) => ({ ...t, age: ages[i], premium: quote.travellers[i].premium }));
  const sold: SoldPlan = { id: plan.id, name: plan.name, name_ar: plan.nameAr, coverage: toMoney(plan.coverageMinor, plan.coverageCurrency), benefits: plan.benefits, benefits_ar: plan.benefitsAr };
  let row: PolicyRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      // The id is taken first so the policy number (year + id) is written with the row, unique by construction.
      const res = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('insurance_policies', 'id')) as id`);
      const id = Number((res as unknown as { rows: { id: string }[] }).rows[0].id);
      const [p] = await tx.insert(insurancePolicies).values({
        id, policyNumber: `SI-${String(now.getUTCFullYear()).slice(2)}-${String(id).padStart(6, '0')}`,
        status: statusAtCreation('insurance', wallet ? 'PAY' : 'HOLD'), planId: plan.id, plan: sold, region: input.region,
        startDate: input.start_date, endDate: input.end_date, days, travellers,
        contactEmail: input.contact.email.trim().toLowerCase(), contactPhone: input.contact.phone,
        totalMinor, currency: plan.currency, paymentMethod: input.payment_method, paymentStatus: wallet ? 'paid' : 'pending',
        userId: user?.id ?? null, agencyId: purchaseAgency(user), channel: user ? (user.role === 'agent' ? 'agent' : 'customer') : 'guest', createdBy: user?.id ?? null,
        holdExpiresAt: wallet ? null : new Date(now.getTime() + POLICY_HOLD_MINUTES * 60_000),
        idempotencyKey: key, locale: input.locale ?? user?.locale ?? 'en', createdAt: now, updatedAt: now, issuedAt: wallet ? now : null,
      }).returning();
      if (wallet) {
        await debitWallet(tx, {
          agentId: agencyOf(user!), amountMinor: p.totalMinor, currency: p.currency, type: 'booking', reference: `insurance-policy:${p.policyNumber}`,
          description: `Travel insurance ${plan.name}, ${p.startDate} to ${p.endDate}, ${travellers.length} traveller(s), ${p.policyNumber}`, createdBy: user!.id, at: now,
        });
        await enqueueMail(tx, p.contactEmail, policyMail('issued', p, ctx.config.appUrl));
      }
      return p;
    });
  } catch (err) {
    // A twin request with the same Idempotency-Key committed first: answer its policy.
    if (key && isUniqueViolation(err)) {
      const twin = await findByKey(ctx, key, user, input.contact.email);
      if (twin) return { policy: twin, created: false };
    }
    throw err;
  }
  const checkout = wallet ? undefined : await checkoutUrl(row);
  return { policy: serializePolicy(row, checkout), created: true };
}

async function findByKey(ctx: AppContext, key: string, user: SessionUser | null, email: string): Promise<InsurancePolicy | null> {
  const [row] = await ctx.db.select().from(insurancePolicies).where(eq(insurancePolicies.idempotencyKey, key)).limit(1);
  if (!row) return null;
  const mine = user ? row.userId === user.id : row.userId === null && row.contactEmail === email.trim().toLowerCase();
  if (!mine) throw new ApiError(422, ISM.idempotencyReuse, { idempotency_key: [ISM.idempotencyReuse] });
  return serializePolicy((await loadPolicy(ctx.db, row.id))!);
}
