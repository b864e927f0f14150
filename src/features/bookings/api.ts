import { fromPromise } from 'xstate';
import type { Booking, RefundQuote } from '../../../contract/bookings';
import type { Money } from '../../../contract/money';
import type { AgentContact } from '../../../contract/agents';
import { request } from '../../api/client';
import { get, send } from '../../api/calls';
import type { ItemResponse, ListResponse, SaveResponse } from '../../../contract/http';
import type { ListQuery } from '../../../machines/resource-list';
import i18n from 'i18next';
import { describeError, noticeFromBody } from '../../api/messages';
import type { FlightOffer } from '../../../contract/flights';
import type { QuoteSearch, SendQuoteInput, SendQuoteResult, SentQuote } from '../../../machines/quotation';
import { searchFlights } from '../flights/api';
import { callOf, type Access, type ActionFailure, type BookingStatus, type RunInput, type RunResult } from '../../../machines/booking-actions';

/** A row of the booking lists (server/booking-ops/lists.ts). */
export interface BookingRow {
  id: number; pnr: string; status: BookingStatus; channel: string; supplier: string; payment_method: string;
  origin: string; destination: string; flight_type: string; departure_date: string; cabin: string;
  /** A multi-city trip's airports in order; null for one-way and return trips. */
  multi_city_route?: string[] | null;
  lead_passenger: string | null; passengers: number; total: Money; payable: Money;
  agent: { id: number; name: string; company_name: string | null; agent_code: string | null } | null;
  direct: { source: string; margin: Money } | null; offline: boolean;
  created_at: string; ticketed_at: string | null; hold_expires_at: string | null; void_window_closes_at: string | null;
  /** The quote the owner confirmed, on a refund request. */
  refund_quote: RefundQuote | null;
}
export interface ListMetaWithCounts { page: number; per_page: number; total: number; status_counts: Record<'all' | BookingStatus, number> }

/** A booking as the detail screens show it (get-booking-ops-details). */
export interface BookingDetail extends Omit<Booking, 'status'> {
  status: BookingStatus;
  agent: { id: number; name: string; email: string; agent_code: string | null; company_name: string | null } | null;
  /** Staff only: how to reach the agency of an agent's booking. */
  agent_contact: AgentContact | null;
  access: Access | null;
  /** The owner may ticket this saved-unticketed import itself, from its wallet. */
  owner_may_ticket?: boolean;
  offline: boolean;
  void_window_closes_at: string | null;
  void_window_open: boolean;
  void_charge: Money;
  /** What an approved void gives back (server-computed). */
  void_refund: Money;
  /** What a void, refund or cancel gives back besides, in full, for seats and bags bought after booking. */
  extras_refund: Money;
  payable: Money;
  /** A refund may be asked for now (ticketed, void window closed, not flown). */
  refund_open: boolean;
  refund_quote: RefundQuote | null;
  /** The date may be changed now (ticketed, not flown, the fare allows changes). */
  reissue_open: boolean;
  reissued_at: string | null;
  /** A card refund the provider refused (staff only). */
  card_refund: { status: 'refund_failed' | 'refunded'; amount: Money; reason: string | null; tries: number; max_tries: number } | null;
  /** Staff only: the supplier's own price and order, and the rate the booking was sold at. */
  supplier_price: { amount: string; currency: string; rate: string; order_id: string | null; airline_reference: string | null } | null;
  direct: { source: string; margin: Money; airline_pnr: string | null; note: string | null; raw_display: string | null; entered_by: number | null; created_at: string } | null;
}

/** A failed call as the booking actions machine reads it: the notice and the HTTP status. */
const actionFailure = (err: unknown): ActionFailure => {
  const e = err as { status?: number; statusCode?: number };
  return { ...describeError(err), status: e.status ?? e.statusCode };
};

/** The booking actions machine's call: its API path, the status the user saw, the reason (and the refund shown). */
export const runAction = fromPromise<RunResult, RunInput>(async ({ input, signal }) => {
  const call = callOf(input.action, input.id);
  const extra = input.expected_refund !== undefined ? { expected_refund: input.expected_refund } : {};
  try {
    const res = await request<{ message: string }>(call.path, { method: 'POST', body: { id: input.id, status: input.status, reason: input.reason, ...extra, ...call.body }, signal });
    return { message: res.message };
  } catch (err) {
    throw actionFailure(err);
  }
});

/** The refund quote a refund request's dialog shows (GET /bookings/{id}/refund-quote). */
export const loadQuote = fromPromise<RefundQuote, { id: number }>(async ({ input, signal }) => {
  try {
    return (await request<{ data: RefundQuote }>(`/bookings/${input.id}/refund-quote`, { signal })).data;
  } catch (err) {
    throw actionFailure(err);
  }
});

export const STATUSES: BookingStatus[] = ['booked', 'ticketed', 'requested', 'voided', 'refund_requested', 'refunded', 'canceled', 'pending', 'rejected'];
export type { Booking };

/** A call as a machine's actor: abortable, and failing with the Failure (toast + field errors) machines read. */
export const actorOf = <O, I = void>(fn: (input: I, signal: AbortSignal) => Promise<O>) =>
  fromPromise<O, I>(async ({ input, signal }) => {
    try {
      return await fn(input, signal);
    } catch (err) {
      throw describeError(err);
    }
  });

/** The quotation machine's calls: flights to pick from, send the picked ones, the recent quotes. */
export const quotationActors = {
  searchOffers: actorOf<FlightOffer[], QuoteSearch>(async (q, signal) =>
    (await searchFlights({ flightType: 'one-way', origin: q.origin, destination: q.destination, departure_date: q.date, adults: q.adults, cabin_class: 'Y', limit: 20 }, signal)).flights),
  sendQuote: actorOf<SendQuoteResult, SendQuoteInput>(async ({ offers, recipient: to }, signal) => {
    const res = await request<{ message?: string; data: SentQuote }>('/send-sooper-quote', {
      method: 'POST', signal,
      body: { offers: offers.map((o) => ({ flight_id: o.id, supplier: o.supplier })), email: to.email, name: to.name || null, note: to.note || null, markup: to.markup || '0', locale: i18n.language === 'ar' ? 'ar' : 'en' },
    });
    return { quote: res.data, notice: noticeFromBody(res) };
  }),
  loadRecent: actorOf<SentQuote[]>(async (_, signal) => (await request<{ data: SentQuote[] }>('/flight-quotation', { signal })).data),
};

// ---- lists -----------------------------------------------------------------------------------------------
/** Which list of bookings: online ones (an agent's own, or staff's by kind), customers', or direct ones. */
const LIST_PATHS = { online: '/get-bookings', customer: '/get-customer-bookings', direct: '/get-admin-bookings' } as const;
export type BookingListSource = keyof typeof LIST_PATHS;
export const listBookings = (source: BookingListSource, kind: string | undefined, q: ListQuery, signal?: AbortSignal) =>
  get<ListResponse<BookingRow>>(LIST_PATHS[source], { page: q.page, per_page: q.per_page, kind, ...q.filters }, signal);
export interface BookingAgent { id: number; name: string; company_name: string | null; agent_code: string | null }
/** Agents with bookings, for staff's agent filter. */
/** How an agent is named in a picker: its company (or name) and its code. */
export const agentLabel = (a: BookingAgent) => `${a.company_name ?? a.name}${a.agent_code ? ` (${a.agent_code})` : ''}`;
export const listBookingAgents = (signal?: AbortSignal) => get<ItemResponse<BookingAgent[]>>('/booking-agents', {}, signal).then((r) => r.data);

// ---- booking settings --------------------------------------------------------------------------------------
export interface BookingSettingsData { mode: 'online' | 'offline'; void_charge: Money; refund_charge: Money; reissue_charge: Money; time_zone: string; hold_minutes: number; updated_at: string | null }
export const getBookingSettings = (signal?: AbortSignal) => get<ItemResponse<BookingSettingsData>>('/get-booking-status-settings', {}, signal).then((r) => r.data);
export const saveBookingSettings = (body: unknown, signal?: AbortSignal) => send<SaveResponse<BookingSettingsData>>('POST', '/update-booking-status-settings', body, signal);

// ---- one booking -----------------------------------------------------------------------------------------
/** A booking for the detail screens, by id or by its PNR (a PNR that is not ours is "not found"). */
export async function getBookingDetail(ref: { id?: string | null; pnr?: string | null }, signal?: AbortSignal): Promise<BookingDetail> {
  if (ref.id) return get<ItemResponse<BookingDetail>>('/get-booking-ops-details', { id: ref.id }, signal).then((r) => r.data);
  const booking = ref.pnr ? (await get<ItemResponse<{ booking: BookingDetail | null }>>('/get-pnr-details', { pnr: ref.pnr }, signal)).data.booking : null;
  if (!booking) throw { notice: { status: 'error', key: 'bookings.details.notFound' }, fieldErrors: {} };
  return booking;
}
/** Staff correct a booking entered by hand: ticket numbers, airline PNR, note. */
export const updateBooking = (body: { id: number; ticket_numbers?: string[] }, signal?: AbortSignal) => send<{ message: string }>('POST', '/update-booking', body, signal);
