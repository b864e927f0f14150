/**
 * A guest pays on the provider's page, which comes back to /payment-result and links to the booking by reference
 * only; the booking is shown to a guest by reference and email, so this tab keeps the email it booked with.
 */
const KEY = (reference: string) => `package-booking-email:${reference.toUpperCase()}`;

export function rememberGuestEmail(reference: string, email: string) {
  try { sessionStorage.setItem(KEY(reference), email); } catch { /* storage off: the mail's link still works */ }
}

export function guestEmailFor(reference: string): string | null {
  try { return reference ? sessionStorage.getItem(KEY(reference)) : null; } catch { return null; }
}
