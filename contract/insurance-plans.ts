/** Insurance plans in the catalogue and the quote a traveller asks for (days, region, ages). */
import * as v from 'valibot';
import { bool, currency, html, int, intFrom, intOr, optText, price, text } from './catalogue-fields';
import type { Money } from './money';

export const REGIONS = ['pakistan', 'middle-east', 'asia', 'europe-schengen', 'worldwide-ex-us', 'worldwide'] as const;
export type Region = (typeof REGIONS)[number];
export const InsurancePlanInput = v.object({
  name: text('name', 80),
  name_ar: optText('Arabic name', 80),
  coverage: price('coverage'),
  coverage_currency: v.pipe(v.optional(v.string(), 'USD'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'The coverage currency must be a 3-letter code.')),
  daily_rate: price('daily rate'),
  min_premium: v.pipe(price('minimum premium', false), v.transform((n) => n ?? 0)),
  currency,
  regions: v.pipe(v.array(v.picklist(REGIONS, 'Unknown region.'), 'The regions must be a list.'), v.minLength(1, 'Choose at least one region.')),
  max_days: int('maximum days', 1, 365),
  max_age: int('maximum age', 1, 100),
  benefits: v.pipe(v.optional(v.array(v.pipe(v.string(), v.trim(), v.maxLength(120, 'A benefit may not be longer than 120 characters.'))), []), v.maxLength(20, 'At most 20 benefits.')),
  benefits_ar: v.pipe(v.optional(v.array(v.pipe(v.string(), v.trim(), v.maxLength(120, 'A benefit may not be longer than 120 characters.'))), []), v.maxLength(20, 'At most 20 benefits.')),
  description: html('description', 20_000),
  is_published: bool(true),
  sort_order: intOr('sort order', -100000, 100000, 0),
});
export interface InsurancePlan {
  id: number; name: string; name_ar: string | null; coverage: Money; daily_rate: Money; min_premium: Money; regions: Region[];
  max_days: number; max_age: number; benefits: string[]; benefits_ar: string[]; description: string; is_published: boolean; sort_order: number;
}

export const InsuranceQuoteInput = v.object({
  days: int('trip length', 1, 365),
  region: v.picklist(REGIONS, 'Choose a destination region.'),
  ages: v.pipe(
    v.optional(v.union([v.array(intFrom('age')), v.pipe(v.string(), v.transform((s) => s.split(',').filter((x) => x.trim() !== '').map((x) => Number(x.trim()))))]), []),
    v.array(v.pipe(v.number('Each age must be a number.'), v.integer('Each age must be a whole number.'), v.minValue(0, 'Each age must be between 0 and 120.'), v.maxValue(120, 'Each age must be between 0 and 120.'))),
    v.minLength(1, 'Add at least one traveller.'), v.maxLength(10, 'At most 10 travellers per quote.')),
});
export type InsuranceQuoteInput = v.InferOutput<typeof InsuranceQuoteInput>;
export interface QuoteLine { age: number; band: string; premium: Money }
export interface PlanQuote { plan: InsurancePlan; eligible: boolean; reason: string | null; travellers: QuoteLine[]; total: Money | null }
