/**
 * Exchange rates staff keep: what one unit of a supplier's currency is worth in PKR. Offers quoted in a currency
 * without a rate are not sold.
 */
import * as v from 'valibot';

export interface ExchangeRate {
  currency: string;
  /** PKR per unit, a decimal string with up to six places ("280.50"). */
  rate: string;
  updated_at: string;
  updated_by: { id: number; name: string } | null;
}
export interface ExchangeRateChange { id: number; currency: string; from: string | null; to: string; changed_at: string; changed_by: { id: number; name: string } | null }

export const ExchangeRateCurrency = v.pipe(v.string('Enter the currency.'), v.trim(), v.toUpperCase(),
  v.regex(/^[A-Z]{3}$/, 'A currency is three letters, such as USD.'), v.check((c) => c !== 'PKR', 'PKR is the selling currency: it has no rate.'));

export const ExchangeRateInput = v.object({
  rate: v.pipe(v.union([v.string('Enter the rate.'), v.number('Enter the rate.')], 'Enter the rate.'), v.transform((x) => String(x).trim()),
    v.regex(/^\d{1,7}(\.\d{1,6})?$/, 'Enter the rate in PKR per unit, such as 280.50 (up to six decimals).'),
    v.check((x) => Number(x) > 0, 'The rate must be more than zero.')),
});
export type ExchangeRateInput = v.InferOutput<typeof ExchangeRateInput>;

/** The rates screen's form: a currency and its rate. */
export const ExchangeRateForm = v.object({ currency: ExchangeRateCurrency, ...ExchangeRateInput.entries });
