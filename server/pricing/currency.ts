/**
 * Suppliers quote in their own currency; Safar sells in PKR. A rate is what one unit of a currency is worth in PKR,
 * kept as an integer of millionths (279.85 → 279_850_000) so a conversion is exact integer arithmetic: the supplier's
 * amount in its minor units × the rate → paisa, rounded half up, then to whole rupees as every price is. The booking
 * keeps the supplier's amount, currency and the rate used, so documents and the ledger stay exact when rates change.
 */
import { DEFAULT_CURRENCY, wholeUnits } from '../../contract/money';

/** Minor-unit digits of the currencies whose minor unit is not the cent. */
const DECIMALS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, IDR: 0, CLP: 0, ISK: 0, KWD: 3, BHD: 3, OMR: 3, JOD: 3, TND: 3, LYD: 3, IQD: 3 };
export const decimalsOf = (currency: string) => DECIMALS[currency] ?? 2;

/** Rates by currency, in millionths of a rupee per unit. */
export type ExchangeRates = ReadonlyMap<string, number>;

export const RATE_SCALE = 1_000_000;

/** "279.85" → 279_850_000; null when it is no positive rate with at most six decimals. */
export function rateMicrosOf(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  const micros = Number(m[1]) * RATE_SCALE + Number((m[2] ?? '').padEnd(6, '0'));
  return micros > 0 ? micros : null;
}

/** 279_850_000 → "279.85" (no trailing zeros past the cents). */
export function rateText(micros: number): string {
  const whole = Math.floor(micros / RATE_SCALE);
  const frac = String(micros % RATE_SCALE).padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac.length < 2 ? frac.padEnd(2, '0') : frac}` : `${whole}.00`;
}

/** An amount in `currency`'s minor units → paisa, exactly, rounded half up. */
export function toPaisa(minor: number, currency: string, rateMicros: number): number {
  if (currency === DEFAULT_CURRENCY) return minor;
  const num = BigInt(Math.round(minor)) * BigInt(rateMicros) * 100n;
  const den = 10n ** BigInt(decimalsOf(currency)) * BigInt(RATE_SCALE);
  const q = num / den, r = num % den;
  return Number(2n * (r < 0n ? -r : r) >= den ? q + (num < 0n ? -1n : 1n) : q);
}

/** A supplier's price component in PKR as Safar prices: converted exactly, then to whole rupees. */
export const sellingPaisa = (minor: number, currency: string, rateMicros: number) => wholeUnits(toPaisa(minor, currency, rateMicros));

/** The rate for `currency` (PKR: 1:1), or null when staff have set none: such offers are not sold. */
export function rateFor(rates: ExchangeRates | undefined, currency: string): number | null {
  if (currency === DEFAULT_CURRENCY) return RATE_SCALE;
  return rates?.get(currency) ?? null;
}

/** Rates seeded into a development database, near the market of late 2026, for staff to correct. */
export const DEVELOPMENT_RATES: Record<string, string> = {
  USD: '280.50', EUR: '301.20', GBP: '356.40', AED: '76.37', SAR: '74.80', QAR: '77.05', OMR: '728.60', KWD: '913.90', BHD: '744.10', TRY: '6.95', MYR: '64.10', THB: '8.25',
};
