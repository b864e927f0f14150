/**
 * The insurance policy area's reads: a policy as the API answers it, finding one by id or policy number, who may
 * see it, the lists, and everything a policy document needs. Buying is in purchase.ts, paying in payment.ts.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Region } from '../../contract/catalogue';
import type { InsurancePolicy, InsurancePolicyListRow, PolicyStatus, PolicyTraveller } from '../../contract/insurance';
import { toMoney, type Money } from '../../contract/money';
import { can } from '../../contract/permissions';
import type { AppContext, SessionUser } from '../context';
import type { DbOrTx } from '../db/client';
import { insurancePolicies, users } from '../db/schema';
import { ownRowsScope, ownsOrAdministers } from '../agency/scope';

export type PolicyRow = typeof insurancePolicies.$inferSelect;
/** The plan as sold, kept on the policy. */
export interface SoldPlan { id: number; name: string; name_ar: string | null; coverage: Money; benefits: string[]; benefits_ar?: string[] }

export const POLICY_NUMBER = /^SI-\d{2}-\d{6,}$/i;

export function serializePolicy(row: PolicyRow, checkoutUrl?: string | null): InsurancePolicy {
  return {
    id: row.id, policy_number: row.policyNumber, status: row.status,
    plan: row.plan as SoldPlan, region: row.region as Region,
    start_date: row.startDate, end_date: row.endDate, days: row.days,
    travellers: row.travellers as PolicyTraveller[],
    contact: { email: row.contactEmail, phone: row.contactPhone },
    total: toMoney(row.totalMinor, row.currency),
    payment: { method: row.paymentMethod, status: row.paymentStatus, ...(checkoutUrl !== undefined ? { checkout_url: checkoutUrl } : {}) },
    pay_by: row.status === 'pending_payment' ? row.holdExpiresAt?.toISOString() ?? null : null,
    agent_id: row.channel === 'agent' ? row.userId : null,
    locale: row.locale,
    created_at: row.createdAt.toISOString(), issued_at: row.issuedAt?.toISOString() ?? null,
  };
}

export async function loadPolicy(db: DbOrTx, idOrNumber: string | number): Promise<PolicyRow | null> {
  const key = String(idOrNumber);
  const cond = /^\d{1,9}$/.test(key) ? eq(insurancePolicies.id, Number(key)) : POLICY_NUMBER.test(key) ? eq(insurancePolicies.policyNumber, key.toUpperCase()) : null;
  if (!cond) return null;
  const [row] = await db.select().from(insurancePolicies).where(cond).limit(1);
  return row ?? null;
}

/**
 * Whoever bought it (or its agency and the agency's admins), or staff who may read bookings; a guest goes through
 * the policy number and email instead.
 */
export function canSeePolicy(row: PolicyRow, user: SessionUser | null): boolean {
  return !!user && (ownsOrAdministers(user, row) || can(user.role, 'bookings.read'));
}

export interface PolicyFilters { page: number; per_page: number; status?: PolicyStatus; policy_number?: string }

/**
 * Staff with bookings.read see every policy (filtered), with its buyer; customers and agents their own, an agency
 * and its admins all of the agency's.
 */
export async function listPolicies(ctx: AppContext, user: SessionUser, f: PolicyFilters) {
  const conds: SQL[] = [];
  if (!can(user.role, 'bookings.read')) conds.push(ownRowsScope(user, insurancePolicies));
  if (f.status) conds.push(eq(insurancePolicies.status, f.status));
  if (f.policy_number) conds.push(eq(insurancePolicies.policyNumber, f.policy_number.toUpperCase()));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await ctx.db.select({ p: insurancePolicies, name: users.name, role: users.role })
    .from(insurancePolicies).leftJoin(users, eq(users.id, insurancePolicies.userId))
    .where(where).orderBy(desc(insurancePolicies.id)).limit(f.per_page).offset((f.page - 1) * f.per_page);
  const [{ n }] = await ctx.db.select({ n: count() }).from(insurancePolicies).where(where);
  const data: InsurancePolicyListRow[] = rows.map(({ p, name, role }) => ({
    ...serializePolicy(p), buyer: p.userId ? { id: p.userId, name: name ?? '', role: role ?? '' } : null,
  }));
  return { data, meta: { page: f.page, per_page: f.per_page, total: n } };
}

