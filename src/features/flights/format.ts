import { formatWhole, type Money } from '../../../contract/money';
import { intlLocale } from '../../i18n/intl-locale';

/** Display helpers: money in the reader's locale, local times as the airport shows them, durations. */
// Building an Intl formatter costs far more than using one, and a results page formats a few hundred prices and
// days (about 60 ms of its first render on a desktop, four times that on a phone): one formatter per kind is kept.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

/** The one rule for flight money (contract/money.ts), shared with the server's mails and documents. */
export function formatMoney(m: Money | null | undefined, locale: string): string {
  if (!m) return '';
  return formatWhole(Number(m.amount), m.currency, locale);
}
/** "2026-03-29T02:15:00+01:00" → "02:15" (the local time at the airport, as written). */
export const timeOf = (iso: string) => iso.slice(11, 16);
export const dayOf = (iso: string) => iso.slice(0, 10);
export function formatDay(iso: string, locale: string): string {
  const d = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  return formatter(`day:${locale}`, () => new Intl.DateTimeFormat(intlLocale(locale, 'en-GB'), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })).format(d);
}
export function formatDuration(min: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  return t('flights.duration', { h: Math.floor(min / 60), m: min % 60 });
}
export const hourOf = (iso: string) => Number(iso.slice(11, 13));
export const slotOf = (iso: string) => { const h = hourOf(iso); return h >= 5 && h < 12 ? 'morning' : h >= 12 && h < 18 ? 'afternoon' : 'evening'; };
