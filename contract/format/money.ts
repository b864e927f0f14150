/**
 * The one way money is written, on every screen, PDF, mail, CSV, notice and history line, in both languages: the
 * currency's code, then the amount grouped by thousands in Latin digits, with its minor units only when it has some
 * ("PKR 210,554", "PKR 39,315.50", "USD 168.90", "-PKR 1,500"). Computed from minor units, so nothing rounds.
 * Arabic text keeps the same Latin figure; set inside a right-to-left sentence it is isolated left-to-right
 * (isolateLtr) so the code stays before the number.
 */
import { parseMinor, type Money } from '../money';

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Money from integer minor units (every currency we sell or buy in has two decimals). */
export function moneyText(minor: number, currency: string): string {
  const abs = Math.abs(Math.trunc(minor));
  const whole = group(String(Math.floor(abs / 100)));
  const cents = abs % 100;
  return `${minor < 0 ? '-' : ''}${currency} ${whole}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
}

/** Money as it travels ({amount: "39315.50", currency}); an amount that is not a number is shown as sent. */
export function formatMoney(m: Money | null | undefined): string {
  if (!m) return '—';
  const minor = parseMinor(m.amount);
  return minor === null ? `${m.currency} ${m.amount}` : moneyText(minor, m.currency);
}

/**
 * Money where only a few characters fit (a calendar's day, a date strip): the figure alone, rounded to the nearest
 * step that keeps three digits, with K or M, the same Latin text in both languages ("48.2K", "148K", "1.25M",
 * "950"). The currency is said once beside it (a legend), and the full amount stays in the accessible name.
 */
export function moneyShort(m: Money): string {
  const minor = parseMinor(m.amount);
  if (minor === null) return m.amount;
  const major = Math.round(Math.abs(minor) / 100);
  const sign = minor < 0 ? '-' : '';
  const scaled = (n: number, unit: string) => `${sign}${Number(n.toPrecision(3))}${unit}`;
  if (major < 1000) return `${sign}${major}`;
  // Rounding 999,950 to three digits gives "1000K": written as the next unit instead.
  if (major < 999_500) return scaled(major / 1000, 'K');
  return scaled(major / 1_000_000, 'M');
}

/** Left-to-right isolate: a code, amount, reference or address set inside Arabic text reads in its own order. */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
/** First-strong isolate, for names and addresses whose direction depends on their own letters. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
