/**
 * Test harness of the flight-booking machine (used by the model-based and effect tests): fixtures, every
 * event the UI can send, every way every call can settle, and a live actor whose calls the test settles.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { Booking, FareSummary } from '../../contract/bookings';
import type { FlightOfferDetail, FlightSearchResponse } from '../../contract/flights';
import { flightBookingMachine, sameFilters, type BookingFailure, type FlightBookingInput, type PaymentResult } from '../../machines/flight-booking';
import { formErrorsOf, type PassengerForm } from '../../machines/flight-passengers';
import { done, fail, liveActor } from '../support/model';

export const CALLS = ['searchFlights', 'loadOffer', 'createBooking', 'getPaymentUrl', 'fetchPaymentResult', 'loadSavedTravellers'] as const;
export type Call = (typeof CALLS)[number];
export type FlightSnapshot = SnapshotFrom<typeof flightBookingMachine>;

const money = (amount: string) => ({ amount, currency: 'PKR' });
const journey = { departure_at: '2030-01-10T09:00:00+05:00', arriving_at: '2030-01-10T11:05:00+04:00' };
export const offerFixture = { id: 'OFF1', supplier: 'safar', is_sooper_flight: false, price: money('45000.00'), journeys: [journey], fares: [], passengers: { adults: 1, children: 0, infants: 0 } } as unknown as FlightOfferDetail;
export const resultsFixture = { flights: [offerFixture], available_airlines: [], previous_search: {} } as unknown as FlightSearchResponse;
export const emptyResults = { flights: [], available_airlines: [], previous_search: {} } as unknown as FlightSearchResponse;
const booking = (status: Booking['status'], payment_url: string | null = null) =>
  ({ id: 7, pnr: 'ABC123', status, payment_url, main_contact: { email: 'g@example.com', phone: '+923001234567', country: 'PK' } }) as unknown as Booking;
export const heldBooking = booking('booked');
export const cardBooking = booking('booked', 'http://localhost/sandbox/pay/trk_123456789');
export const ticketedBooking = booking('ticketed');
export const newFare = { total: money('49000.00') } as unknown as FareSummary;
const payment = (status: PaymentResult['status']): PaymentResult => ({ tracker: 'trk_123456789', status, amount: money('45000.00'), failure_reason: null, booking: { id: 7, pnr: 'ABC123', status: status === 'paid' ? 'ticketed' : 'booked', email: 'g@example.com', hold_expires_at: null } });

const failure = (code: BookingFailure['code'], extra: Partial<BookingFailure> = {}): BookingFailure => ({ code, notice: { status: 'error', text: code }, fieldErrors: {}, ...extra });
export const failures = {
  other: failure('other'),
  expired: failure('expired', { status: 410 }),
  priceChanged: failure('price_changed', { status: 409, fare: newFare }),
  insufficient: failure('insufficient_balance', { status: 422, notice: { status: 'error', text: 'Insufficient Balance' } }),
  invalid: failure('invalid', { status: 422, fieldErrors: { 'travellers.0.document_no': 'Use letters and digits only (5 to 20).' } }),
};

export const savedTraveller = { id: 3, type: 'ADT', title: 'Mrs', first_name: 'Sara', last_name: 'Khan', gender: 'F', dob: '1991-02-02', nationality: 'PK', document_type: 'passport', document_no: 'CD7654321', expiry_date: '2034-01-01', issue_country: 'PK' };
export const pax = { type: 'ADT', title: 'Mr', first_name: 'Ali', last_name: 'Khan', gender: 'M', dob: '1990-01-01', nationality: 'PK', document_type: 'passport', document_no: 'AB1234567', expiry_date: '2035-01-01', issue_country: 'PK' } as const;
/** The passenger form as a user fills it for the fixture offer (one adult); the model starts from it, since typing is not walked. */
export const filledForm: PassengerForm = { travellers: [{ ...pax }], main_contact: { email: 'g@example.com', phone: '+923001234567', country: 'PK' }, agent_markup: '500.00', passports_acknowledged: false };
/** The reader's day the view sends with SUBMIT_PASSENGERS. */
export const TODAY = '2029-12-20';

/** Every event the UI can send, and every way every call can settle. */
export const ALL_EVENTS: AnyEventObject[] = [
  { type: 'SEARCH', query: { flightType: 'one-way', origin: 'KHI', destination: 'DXB', departure_date: '2030-01-10', adults: 1 } },
  { type: 'MODIFY' }, { type: 'RETRY' }, { type: 'BACK' },
  { type: 'FILTER', filters: { airlines: ['EK', 'QR'], stops: '0', time_of_day: ['morning'], sort: 'duration' } },
  { type: 'FILTERS_SETTLED' },
  { type: 'VIEW_OFFER', offer: { id: 'OFF1', supplier: 'safar', is_sooper_flight: false } }, { type: 'BOOK' },
  { type: 'SELECT', offer: { id: 'OFF1', supplier: 'safar', is_sooper_flight: false } },
  { type: 'SUBMIT_PASSENGERS', idempotencyKey: 'key-00000001', today: TODAY },
  // One edit makes the form wrong and one right again: the refused submit and the messages that follow the field.
  { type: 'SET_PASSENGER', index: 0, field: 'first_name', value: '' }, { type: 'SET_PASSENGER', index: 0, field: 'first_name', value: 'Ali' },
  { type: 'CONFIRM', method: 'hold' }, { type: 'CONFIRM', method: 'wallet' }, { type: 'CONFIRM', method: 'card' },
  { type: 'CHOOSE_EXTRAS' }, { type: 'SET_EXTRAS', extras: { seats: [{ passenger: 0, segment_id: 'EK601-2030-01-10', designator: '14C' }], bags: [] }, total: { amount: '2500.00', currency: 'PKR' } },
  { type: 'ACCEPT_PRICE' }, { type: 'HOLD_INSTEAD' }, { type: 'PAY_CARD' },
  { type: 'PAYMENT_RETURNED', tracker: 'trk_123456789' }, { type: 'REFRESH' }, { type: 'NEW_SEARCH' },
  done('searchFlights', resultsFixture), done('searchFlights', emptyResults), fail('searchFlights', failures.other),
  done('loadOffer', offerFixture), fail('loadOffer', failures.expired), fail('loadOffer', failures.other),
  done('createBooking', heldBooking), done('createBooking', cardBooking), done('createBooking', ticketedBooking),
  fail('createBooking', failures.priceChanged), fail('createBooking', failures.expired), fail('createBooking', failures.insufficient), fail('createBooking', failures.other),
  fail('createBooking', failures.invalid),
  done('getPaymentUrl', { url: 'http://localhost/sandbox/pay/trk_987654321', tracker: 'trk_987654321' }), fail('getPaymentUrl', failures.other),
  done('fetchPaymentResult', payment('paid')), done('fetchPaymentResult', payment('failed')), done('fetchPaymentResult', payment('canceled')),
  done('fetchPaymentResult', payment('created')), fail('fetchPaymentResult', failures.other),
  done('loadSavedTravellers', [savedTraveller]), fail('loadSavedTravellers', failures.other),
];

/**
 * What distinguishes states for the model: the value and the context the guards read (role, payment method,
 * whether a booking is known, a filter choice waiting to settle, saved travellers loaded, and on the passenger
 * form whether it would pass). Everything else in context is checked by the effect tests.
 */
export const serializeState = (s: FlightSnapshot) => {
  const c = s.context;
  const ready = s.matches('passengers') ? Object.keys(formErrorsOf(c, c.passengerForm, TODAY)).length === 0 : null;
  return JSON.stringify([s.value, c.role, c.method, !!(c.booking ?? c.payment?.booking), !sameFilters(c.filters, c.draftFilters), !!c.savedTravellers, ready]);
};

/**
 * The machine with a debounce the tests never wait out: FILTERS_SETTLED comes only as the test sends it, so
 * each step lands where the model says. (The real pause is checked in the effect tests.)
 */
export const testMachine = flightBookingMachine.provide({ delays: { filterDebounce: 2 ** 30 } });

/** A live flight-booking actor whose calls wait until the test settles them. */
export const harness = (input: FlightBookingInput, machine = testMachine) => liveActor(machine, CALLS, input);
