import type { Money } from '../../../contract/money';
import { formatMoney as moneyOf } from '../../../contract/format/money';
import { formatDay as dayOf } from '../../../contract/format/time';

/**
 * Flight display helpers: durations and the hour slots of the filters. Money, days and the airport's local times are
 * written by contract/format (formatMoney, formatDay, formatClock, formatLocal) like everywhere else; the two below
 * only keep the checkout's older calls working.
 */
export const formatMoney = (m: Money | null | undefined, _locale?: string): string => (m ? moneyOf(m) : '');
/** A travel day with its weekday, no year ("Sun 3 Jan"). */
export const formatDay = (iso: string, locale: string): string => dayOf(iso, locale, { year: false });

export function formatDuration(min: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  return t('flights.duration', { h: Math.floor(min / 60), m: min % 60 });
}
export const hourOf = (iso: string) => Number(iso.slice(11, 13));
export const slotOf = (iso: string) => { const h = hourOf(iso); return h >= 5 && h < 12 ? 'morning' : h >= 12 && h < 18 ? 'afternoon' : 'evening'; };
