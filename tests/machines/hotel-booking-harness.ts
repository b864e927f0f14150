/**
 * Test harness of the hotel-booking machine (used by the model-based and effect tests): fixtures, every event the
 * UI can send, every way every call can settle, and a live actor whose calls the test settles.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { HotelBooking, HotelDetail, HotelSummary } from '../../contract/hotels';
import { hotelBookingMachine, type HotelBookingInput, type HotelFailure, type HotelPaymentResult, type HotelSearchResult } from '../../machines/hotel-booking';
import { NO_HOTEL_FILTERS, sameHotelFilters } from '../../machines/hotel-filters';
import { done, fail, liveActor } from '../support/model';

export const CALLS = ['searchHotels', 'loadHotel', 'createBooking', 'fetchPaymentResult', 'cancelBooking', 'payAgain'] as const;
export type HotelSnapshot = SnapshotFrom<typeof hotelBookingMachine>;

const money = (amount: string) => ({ amount, currency: 'PKR' });
export const query = { destination: 'city:104515', destination_label: 'Makkah', check_in: '2030-01-10', check_out: '2030-01-14', rooms: [{ adults: 2, children_ages: [] }, { adults: 2, children_ages: [7] }] };

export const summary = (id: string, nightly: string, extra: Partial<HotelSummary> = {}): HotelSummary => ({
  id, name: `Hotel ${id}`, stars: 4, guest_rating: 8.4, review_count: 120, address: 'Ibrahim Al Khalil Rd', city: 'Makkah', country_code: 'SA',
  location: { latitude: 21.42, longitude: 39.82 }, distance_km: 1.2, distance_haram_m: 450, photo: '/hotel-photos/1.svg', amenities: ['wifi'],
  cheapest: { board: 'BB', refundable: true, nightly: money(nightly), total: money('100000.00') }, free_cancellation: true, ...extra,
});
const meta = (total: number) => ({ page: 1, per_page: 100, total, nights: 4, destination: { id: 'city:104515', kind: 'city' as const, name: 'Makkah', city: 'Makkah', country: 'Saudi Arabia', country_code: 'SA' }, price_range: { min: money('10000.00'), max: money('30000.00') } });
export const allResults: HotelSearchResult = { data: [summary('h1', '10000.00'), summary('h2', '30000.00', { stars: 5 })], meta: meta(2) };
/** A dense city: the search matched more hotels than it answered, so filters ask the server too. */
export const pageResults: HotelSearchResult = { data: [summary('h1', '10000.00')], meta: meta(240) };
export const noResults: HotelSearchResult = { data: [], meta: meta(0) };

const rate = { id: 'rate-1', board: 'BB' as const, refundable: true, free_cancellation_until: '2030-01-08T23:59:00+03:00', cancellation_penalty: money('25000.00'), nightly: [], taxes_and_fees: money('5000.00'), total: money('100000.00'), rooms_left: 3, expires_at: '2030-01-01T00:00:00Z' };
export const hotel = { ...summary('h1', '10000.00'), description: 'Near the Haram.', photos: [], check_in_time: '15:00', check_out_time: '12:00', time_zone: 'Asia/Riyadh', nights: 4,
  rooms: [{ code: 'DBL', type: 'double', name: 'Double room', max_adults: 2, max_guests: 3, beds: '1 double', size_m2: 24, photo: '', rates: [rate] }] } as unknown as HotelDetail;

const booking = (status: HotelBooking['status'], checkout_url: string | null = null, quote = true) => ({
  id: 9, reference: 'HTL-7Q2KXM', status, payment: { method: checkout_url ? 'card' : 'wallet', status: status === 'confirmed' ? 'paid' : 'pending', checkout_url },
  contact: { email: 'g@example.com', phone: '+923001234567', country: 'PK' }, cancellation_quote: quote ? { refund: money('100000.00'), penalty: money('0.00') } : null, total: money('100000.00'),
}) as unknown as HotelBooking;
export const walletBooking = booking('confirmed');
export const cardBooking = booking('pending_payment', 'http://localhost/sandbox/pay/trk_123456789');
export const canceledBooking = booking('canceled', null, false);
/** Booked by card but the provider gave no checkout address: the voucher says it waits for payment. */
export const unpaidBooking = booking('pending_payment');
/** A card booking whose hold ran out: a failed payment on it cannot be tried again. */
export const expiredBooking = booking('expired', null, false);
const payment = (status: HotelPaymentResult['status'], b: HotelBooking = status === 'paid' ? walletBooking : cardBooking): HotelPaymentResult => ({ tracker: 'trk_123456789', status, amount: money('100000.00'), booking: b });
export const newCheckout = { url: 'http://localhost/sandbox/pay/trk_987654321', tracker: 'trk_987654321' };

const failure = (code: HotelFailure['code'], extra: Partial<HotelFailure> = {}): HotelFailure => ({ code, notice: { status: 'error', text: code }, fieldErrors: {}, ...extra });
export const failures = {
  other: failure('other'),
  expired: failure('expired', { status: 410 }),
  priceChanged: failure('price_changed', { status: 409, total: money('104000.00') }),
  insufficient: failure('insufficient_balance', { status: 422, notice: { status: 'error', text: 'Insufficient Balance' } }),
  invalid: failure('invalid', { status: 422, fieldErrors: { 'guests.1.last_name': 'Enter the last name as in the passport.' } }),
  unavailable: failure('unavailable', { status: 409, notice: { status: 'error', text: 'This booking is already paid.' } }),
};

const lead = { title: 'MR', first_name: 'Ali', last_name: 'Khan' };
export const goodGuests = { guests: [lead, { ...lead, first_name: 'Omar' }], contact: { email: 'g@example.com', phone: '+923001234567', country: 'PK' }, specialRequests: 'High floor' };
export const badGuests = { ...goodGuests, guests: [lead, { ...lead, last_name: '' }] };

/** Every event the UI can send, and every way every call can settle. */
export const ALL_EVENTS: AnyEventObject[] = [
  { type: 'SEARCH', query }, { type: 'MODIFY' }, { type: 'RETRY' }, { type: 'BACK' },
  { type: 'FILTER', filters: { ...NO_HOTEL_FILTERS, stars: [5], sort: 'rating' } }, { type: 'FILTER', filters: NO_HOTEL_FILTERS }, { type: 'FILTERS_SETTLED' },
  { type: 'VIEW_HOTEL', hotelId: 'h1', query }, { type: 'SELECT', hotelId: 'h1' },
  { type: 'CHOOSE_RATE', roomCode: 'DBL', rateId: 'rate-1' }, { type: 'CHOOSE_RATE', roomCode: 'DBL', rateId: 'gone' },
  { type: 'SUBMIT_GUESTS', form: goodGuests, idempotencyKey: 'key-00000001' }, { type: 'SUBMIT_GUESTS', form: badGuests, idempotencyKey: 'key-00000002' },
  { type: 'EDIT_GUESTS', form: goodGuests },
  { type: 'CONFIRM', method: 'card' }, { type: 'CONFIRM', method: 'wallet' }, { type: 'ACCEPT_PRICE' },
  { type: 'PAYMENT_RETURNED', tracker: 'trk_123456789' }, { type: 'REFRESH' }, { type: 'PAY_CARD' }, { type: 'CANCEL_BOOKING' }, { type: 'NEW_SEARCH' },
  done('searchHotels', allResults), done('searchHotels', pageResults), done('searchHotels', noResults), fail('searchHotels', failures.other),
  done('loadHotel', hotel), fail('loadHotel', failures.other),
  done('createBooking', walletBooking), done('createBooking', cardBooking), done('createBooking', unpaidBooking),
  fail('createBooking', failures.priceChanged), fail('createBooking', failures.expired), fail('createBooking', failures.insufficient),
  fail('createBooking', failures.invalid), fail('createBooking', failures.other),
  done('fetchPaymentResult', payment('paid')), done('fetchPaymentResult', payment('failed')), done('fetchPaymentResult', payment('canceled')),
  done('fetchPaymentResult', payment('created')), done('fetchPaymentResult', payment('failed', expiredBooking)), fail('fetchPaymentResult', failures.other),
  done('payAgain', newCheckout), fail('payAgain', failures.expired), fail('payAgain', failures.unavailable), fail('payAgain', failures.other),
  done('cancelBooking', canceledBooking), fail('cancelBooking', failures.other),
];

/**
 * What distinguishes states for the model: the value and the context the guards read (role, payment method,
 * whether all results are loaded, whether the filters differ from those asked, results, a cancellable booking,
 * field errors shown). Everything else in context is checked by the effect tests.
 */
export const serializeState = (s: HotelSnapshot) => {
  const c = s.context;
  return JSON.stringify([s.value, c.role, c.method, c.complete, !sameHotelFilters(c.filters, c.askedFilters), !!c.results?.data.length, c.booking?.status ?? null, Object.keys(c.fieldErrors).length > 0]);
};

/** The machine with a debounce the tests never wait out: FILTERS_SETTLED comes only as the test sends it. */
export const testMachine = hotelBookingMachine.provide({ delays: { filterDebounce: 2 ** 30 } });

export const harness = (input: HotelBookingInput, machine = testMachine) => liveActor(machine, CALLS, input);
