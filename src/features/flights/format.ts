/** Flight display helpers: durations and the hour slots of the filters (money, days and times: contract/format). */
export function formatDuration(min: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  return t('flights.duration', { h: Math.floor(min / 60), m: min % 60 });
}
export const hourOf = (iso: string) => Number(iso.slice(11, 13));
export const slotOf = (iso: string) => { const h = hourOf(iso); return h >= 5 && h < 12 ? 'morning' : h >= 12 && h < 18 ? 'afternoon' : 'evening'; };
