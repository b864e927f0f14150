import type { TFunction } from 'i18next';
import { fromPromise } from 'xstate';
import { request } from '../../api/client';
import { get } from '../../api/calls';
import { describeError } from '../../api/messages';
import { i18n } from '../../i18n';
import type { PlanQuote } from '../../../contract/catalogue';
import type { ListResponse } from '../../../contract/http';
import type { InsurancePolicy, InsurancePolicyListRow } from '../../../contract/insurance';
import type { Money } from '../../../contract/money';
import type { PolicyRequest, PurchaseFailure, PurchaseFailureCode, QuoteRequest } from '../../../machines/insurance-purchase';
import type { ListQuery } from '../../../machines/resource-list';
import type { Trip } from '../trips/trips';
import './strings';

/** The insurance purchase's calls, the machine's actors built from them, and the policy as a trip. */

export const quotePlans = async (q: QuoteRequest, signal?: AbortSignal) =>
  (await request<{ data: PlanQuote[] }>('/insurance-quote', { query: { days: q.days, region: q.region, ages: q.ages.join(',') }, signal })).data;

export async function buyPolicy(r: PolicyRequest, locale: string, signal?: AbortSignal): Promise<InsurancePolicy> {
  const { idempotencyKey, ...body } = r;
  return (await request<{ data: InsurancePolicy }>('/insurance-policies', { method: 'POST', signal, headers: { 'Idempotency-Key': idempotencyKey }, body: { ...body, expected_total: body.expected_total ?? undefined, locale } })).data;
}

/** By id or number for its buyer and staff; a guest by number with the contact email. */
export const loadPolicy = async (ref: string, email: string | null, signal?: AbortSignal) =>
  (await request<{ data: InsurancePolicy }>(`/insurance-policies/${encodeURIComponent(ref)}`, { query: email ? { email } : {}, signal })).data;

/** A new card checkout for an unpaid policy (after a declined or abandoned card). */
export const payPolicyAgain = async (ref: string, email: string | null, signal?: AbortSignal) =>
  (await request<{ data: { url: string; tracker: string } }>(`/insurance-policies/${encodeURIComponent(ref)}/checkout`, { method: 'POST', body: email ? { email } : {}, signal })).data;

export const listPolicies = (q: ListQuery, signal?: AbortSignal) =>
  get<ListResponse<InsurancePolicyListRow>>('/insurance-policies', { page: q.page, per_page: q.per_page, ...q.filters }, signal);

/** An API failure as the purchase flow branches on it. */
export function toPurchaseFailure(err: unknown): PurchaseFailure {
  const f = describeError(err);
  const e = err as { status?: number; data?: { message?: string; code?: string; total?: Money } };
  let code: PurchaseFailureCode = 'other';
  if (e?.status === 409 && e.data?.code === 'price_changed') code = 'price_changed';
  else if (e?.status === 422 && e.data?.message === 'Insufficient Balance') code = 'insufficient_balance';
  else if (e?.status === 422) code = 'invalid';
  return { ...f, code, total: e?.data?.total };
}

const calling = <I, O>(fn: (input: I, signal: AbortSignal) => Promise<O>) =>
  fromPromise<O, I>(async ({ input, signal }) => {
    try {
      return await fn(input, signal);
    } catch (err) {
      throw toPurchaseFailure(err);
    }
  });

export const purchaseActors = (locale: () => string) => ({
  quote: calling<QuoteRequest, PlanQuote[]>((q, s) => quotePlans(q, s)),
  buy: calling<PolicyRequest, InsurancePolicy>((r, s) => buyPolicy(r, locale(), s)),
});

/** The plan's name in the reader's language when it has one. */
export const planName = (plan: { name: string; name_ar: string | null }, lng: string) => (lng.startsWith('ar') && plan.name_ar ? plan.name_ar : plan.name);

export function policyTrip(p: InsurancePolicy, t: TFunction, lng: string): Trip {
  return {
    kind: 'insurance', id: p.id, reference: p.policy_number, status: p.status, travelDate: p.end_date, startDate: p.start_date, endDate: p.end_date,
    total: p.total, travellers: p.travellers.length, href: `/insurance/policy?ref=${encodeURIComponent(p.policy_number)}`,
    item: {
      icon: 'shield', title: planName(p.plan, lng), subtitle: t(`insurance.regions.${p.region}`),
      statusLabel: t(`insurancePolicy.status.${p.status}`), detail: t('insurancePolicy.travellers', { count: p.travellers.length }),
    },
  };
}

/** My trips' source: the signed-in customer's policies (a hundred is the list's largest page). */
export const insuranceTrips = async (signal: AbortSignal, t: TFunction): Promise<Trip[]> =>
  (await get<ListResponse<InsurancePolicy>>('/insurance-policies', { per_page: 100 }, signal)).data.map((p) => policyTrip(p, t, i18n.language));
