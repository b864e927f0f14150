/**
 * A seat or bag a remote supplier sells, in PKR: its amount (a decimal string in the supplier's currency) converted
 * at the same staff rate as the offer it belongs to, then to whole rupees. Extras are the airline's own charge:
 * no margin is added, as for the embedded supplier's seats and bags.
 */
import { decimalsOf, sellingPaisa } from './currency';

/** "12.50" in `currency` → its integer minor units (null when it is no decimal amount). */
export function supplierMinorOf(amount: string, currency: string): number | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) return null;
  const decimals = decimalsOf(currency);
  const frac = (m[2] ?? '').padEnd(decimals, '0');
  if (frac.length > decimals && /[^0]/.test(frac.slice(decimals))) return null;
  return Number(m[1]) * 10 ** decimals + Number(frac.slice(0, decimals) || '0');
}

/** A supplier's extra in PKR paisa at `rateMicros` (the offer's rate); null when the amount cannot be read. */
export function supplierExtraPaisa(amount: string, currency: string, rateMicros: number): number | null {
  const minor = supplierMinorOf(amount, currency);
  return minor === null ? null : sellingPaisa(minor, currency, rateMicros);
}

/** Minor units back to the supplier's decimal string ("1250" USD → "12.50"), as its payment amounts are written. */
export function supplierAmountText(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  if (decimals === 0) return String(minor);
  const s = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${minor < 0 ? '-' : ''}${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}
