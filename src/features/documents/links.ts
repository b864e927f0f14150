/**
 * Where each booking document downloads from. A download is a plain link (the browser saves the attachment), in
 * the reader's language; a guest's link carries the contact email, as the guest's look-up does.
 */
const lang = (lng: string) => (lng === 'ar' ? 'ar' : 'en');
const qs = (lng: string, email?: string | null) => `?${new URLSearchParams({ lang: lang(lng), ...(email ? { email } : {}) })}`;

export interface DocumentLink { key: 'eTicket' | 'itinerary' | 'voucher' | 'invoice' | 'receipt' | 'policy' | 'calendar'; href: string; testId: string }

const FLIGHT_GOING = ['booked', 'ticketed', 'requested', 'refund_requested'];
const STAY_GOING = ['confirmed', 'pending_payment'];

/** A trip still to be made, in a calendar file (.ics): its flights, or its stay. */
export function calendarLink(kind: 'flight' | 'hotel', ref: string | number, status: string, lng: string, guestEmail?: string | null): DocumentLink | null {
  if (!(kind === 'flight' ? FLIGHT_GOING : STAY_GOING).includes(status)) return null;
  const base = kind === 'flight' ? '/api/bookings' : '/api/hotel-bookings';
  return { key: 'calendar', href: `${base}/${encodeURIComponent(String(ref))}/calendar.ics${qs(lng, guestEmail)}`, testId: 'download-calendar' };
}

/** The flight booking's e-ticket (an itinerary while unpaid), its invoice and, once paid, its receipt. */
export function flightDocuments(b: { id: number; pnr: string; status: string; ticketed_at: string | null }, lng: string, guestEmail?: string | null): DocumentLink[] {
  const ref = encodeURIComponent(guestEmail ? b.pnr : String(b.id));
  const ticketed = b.status === 'ticketed' || b.status === 'requested';
  return [
    { key: ticketed ? 'eTicket' : 'itinerary', href: `/api/bookings/${ref}/e-ticket.pdf${qs(lng, guestEmail)}`, testId: 'download-eticket' },
    { key: 'invoice', href: `/api/bookings/${ref}/invoice.pdf${qs(lng, guestEmail)}`, testId: 'download-invoice' },
    ...(b.ticketed_at ? [{ key: 'receipt' as const, href: `/api/bookings/${ref}/receipt.pdf${qs(lng, guestEmail)}`, testId: 'download-receipt' }] : []),
    ...[calendarLink('flight', guestEmail ? b.pnr : b.id, b.status, lng, guestEmail)].filter((l) => l !== null),
  ];
}

/** The hotel voucher, its invoice and, once paid, its receipt. */
export function hotelDocuments(b: { reference: string; status?: string; payment: { status: string } }, lng: string, guestEmail?: string | null): DocumentLink[] {
  const ref = encodeURIComponent(b.reference);
  return [
    { key: 'voucher', href: `/api/hotel-bookings/${ref}/voucher.pdf${qs(lng, guestEmail)}`, testId: 'download-voucher' },
    { key: 'invoice', href: `/api/hotel-bookings/${ref}/invoice.pdf${qs(lng, guestEmail)}`, testId: 'download-invoice' },
    ...(b.payment.status !== 'pending' ? [{ key: 'receipt' as const, href: `/api/hotel-bookings/${ref}/receipt.pdf${qs(lng, guestEmail)}`, testId: 'download-receipt' }] : []),
    ...[b.status ? calendarLink('hotel', b.reference, b.status, lng, guestEmail) : null].filter((l) => l !== null),
  ];
}

/** An issued insurance policy's PDF (an unpaid one has none yet). */
export function policyDocuments(p: { policy_number: string; status: string }, lng: string, guestEmail?: string | null): DocumentLink[] {
  return p.status === 'issued' ? [{ key: 'policy', href: `/api/insurance-policies/${encodeURIComponent(p.policy_number)}/policy.pdf${qs(lng, guestEmail)}`, testId: 'download-policy' }] : [];
}
