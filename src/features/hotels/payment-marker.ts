/**
 * The trackers of this tab's hotel card checkouts, kept while the browser is at the provider: the provider comes
 * back to the shared /payment-result page with only a tracker, and this tells that page to show a hotel's result
 * without first loading the flight one. A hint only: the server's answer names the booking a tracker paid, so a
 * tracker this tab does not know (another tab, a reload after the storage was cleared) still finds its hotel.
 * Never forgotten when the payment is read (a reload or a second reader would then lose it), only pushed out by
 * newer checkouts. Tiny on purpose: the payment-result page reads it before loading any hotel code.
 */
const KEY = 'hotel_payments';
const KEPT = 5;

function kept(): string[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberHotelPayment(tracker: string | null | undefined) {
  if (!tracker) return;
  try { sessionStorage.setItem(KEY, JSON.stringify([tracker, ...kept().filter((t) => t !== tracker)].slice(0, KEPT))); } catch { /* storage unavailable */ }
}

export const isHotelPayment = (tracker: string) => !!tracker && kept().includes(tracker);
