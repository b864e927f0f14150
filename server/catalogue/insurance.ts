/** Travel insurance quotes: per traveller, daily rate × days × region factor × age band factor, floored at the plan minimum. */
import { asc, eq } from 'drizzle-orm';
import type { PlanQuote, InsuranceQuoteInput, Region } from '../../contract/catalogue';
import { toMoney } from '../../contract/money';
import type { DbOrTx } from '../db/client';
import { insurancePlans } from '../db/schema';
import { planToApi } from './resources';

/** Percent of the base daily rate by destination. */
export const REGION_FACTOR: Record<Region, number> = {
  pakistan: 50, 'middle-east': 90, asia: 100, 'europe-schengen': 120, 'worldwide-ex-us': 140, worldwide: 180,
};
/** Percent by age. */
export const AGE_BANDS: { max: number; band: string; pct: number }[] = [
  { max: 17, band: '0-17', pct: 50 },
  { max: 40, band: '18-40', pct: 100 },
  { max: 60, band: '41-60', pct: 130 },
  { max: 70, band: '61-70', pct: 200 },
  { max: 80, band: '71-80', pct: 300 },
  { max: 120, band: '81+', pct: 400 },
];
export const ageBand = (age: number) => AGE_BANDS.find((b) => age <= b.max)!;

export function quotePlan(plan: typeof insurancePlans.$inferSelect, q: InsuranceQuoteInput): PlanQuote {
  const api = planToApi(plan);
  let reason: string | null = null;
  if (!plan.regions.includes(q.region)) reason = 'This plan does not cover the destination region.';
  else if (q.days > plan.maxDays) reason = `This plan covers trips of up to ${plan.maxDays} days.`;
  else if (q.ages.some((a) => a > plan.maxAge)) reason = `This plan covers travellers up to ${plan.maxAge} years old.`;
  if (reason) return { plan: api, eligible: false, reason, travellers: [], total: null };
  let total = 0;
  const travellers = q.ages.map((age) => {
    const b = ageBand(age);
    const raw = Math.round((plan.dailyRateMinor * q.days * REGION_FACTOR[q.region] * b.pct) / 10_000);
    const premium = Math.max(plan.minPremiumMinor, raw);
    total += premium;
    return { age, band: b.band, premium: toMoney(premium, plan.currency) };
  });
  return { plan: api, eligible: true, reason: null, travellers, total: toMoney(total, plan.currency) };
}

/** Quotes of every published plan, eligible ones first and cheapest first. */
export async function quote(db: DbOrTx, q: InsuranceQuoteInput): Promise<PlanQuote[]> {
  const plans = await db.select().from(insurancePlans).where(eq(insurancePlans.isPublished, true)).orderBy(asc(insurancePlans.sortOrder), asc(insurancePlans.id));
  const minor = (p: PlanQuote) => (p.total ? Number(p.total.amount.replace('.', '')) : Infinity);
  return plans.map((p) => quotePlan(p, q)).sort((a, b) => Number(b.eligible) - Number(a.eligible) || minor(a) - minor(b));
}
