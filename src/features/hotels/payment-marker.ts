/**
 * The hotel booking a card checkout pays, kept for the tab while the browser is at the provider: the provider
 * comes back to the shared /payment-result page with only a tracker, and this tells that page to show a hotel's
 * result. Tiny on purpose: the payment-result page reads it before loading any hotel code.
 */
const KEY = 'hotel_payment';
export interface HotelPaymentMark { reference: string; email: string }

export function rememberHotelPayment(mark: HotelPaymentMark) {
  try { sessionStorage.setItem(KEY, JSON.stringify(mark)); } catch { /* storage unavailable */ }
}
export function pendingHotelPayment(): HotelPaymentMark | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as HotelPaymentMark) : null;
  } catch {
    return null;
  }
}
export function forgetHotelPayment() {
  try { sessionStorage.removeItem(KEY); } catch { /* storage unavailable */ }
}
