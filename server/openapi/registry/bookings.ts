import * as v from 'valibot';
import { BookingInput } from '../../../contract/bookings';
import {
  BookingActionBody, BookingApproveBody, DirectUpdateBody, RefundApproveBody, RefundRejectBody, RefundRequestBody, ReissueBody, ReissueQuoteQuery,
} from '../../../contract/booking-ops';
import { QuotationInput, QuotationMarkup } from '../../../contract/quotations';
import { TraceParams } from '../../../contract/lifecycle';
import { QueueParam } from '../../../contract/queues';
import { GuestQuery, IdQuery } from '../../bookings/routes';
import { id as bookingId } from '../../booking-ops/routes';
import { BookingListQuery } from '../../booking-ops/lists';
import { DirectInput } from '../../booking-ops/direct';
import { SettingsInput } from '../../booking-ops/settings.routes';
import { Id as RefundId } from '../../booking-ops/refunds.routes';
import { Id as ReissueId } from '../../booking-ops/reissue.routes';
import { PnrQuery } from '../../pnr/routes';
import { DocQuery } from '../../documents/routes';
import { QueueQuery } from '../../queues/routes';
import type { Domain } from '../operation';

const ById = v.object({ id: bookingId });
const flightDoc = (operationId: string, what: string, answer: 'pdf' | 'ics') => ({
  operationId, summary: `A flight booking's ${what}, for its owner, staff who read bookings, or a guest with ?email=.`, query: DocQuery, answer,
  notes: '{id} is the booking id or, with ?email=, its PNR.',
});

export const bookings: Domain = {
  tag: 'Flight bookings',
  description: 'Booking flights, the booking lists and actions (cancel, void, refund, reissue), PNR import, quotations, documents and queues.',
  operations: {
    'POST /api/bookings': { operationId: 'bookFlight', summary: 'Book a flight offer (guests too); an Idempotency-Key header makes a retry safe.', body: BookingInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'], errors: [409, 429], notes: '409 with code price_changed and the new fare when the price moved.' },
    'POST /api': { operationId: 'bookFlightAtBase', summary: 'The same booking call at the API\'s base (also `POST /api/`), where the specification\'s client books.', body: BookingInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'], errors: [409, 429] },
    'GET /api/get-flight-booking-details': { operationId: 'flightBookingDetails', summary: 'A flight booking with its history, for its owner or staff.', query: IdQuery },
    'GET /api/get-customer-flight-booking-details': { operationId: 'customerFlightBookingDetails', summary: 'A booking by id for its owner, or by PNR and contact email for anyone.', query: GuestQuery, errors: [429] },
    'GET /api/get-bookings': { operationId: 'listOnlineBookings', summary: 'Online bookings: the agent\'s own, or everyone\'s by ?kind= for staff.', query: BookingListQuery, rawQuery: ['kind'], answer: 'list' },
    'GET /api/get-customer-bookings': { operationId: 'listCustomerBookings', summary: 'The customer\'s own bookings; customers\' and guests\' for staff.', query: BookingListQuery, answer: 'list' },
    'GET /api/get-admin-bookings': { operationId: 'listDirectBookings', summary: 'Direct (staff-entered or imported) bookings: all for staff, the agent\'s own otherwise.', query: BookingListQuery, answer: 'list' },
    'GET /api/get-admin-booking': { operationId: 'directBookingDetails', summary: 'One direct booking with what its screen needs.', query: ById },
    'GET /api/get-booking-ops-details': { operationId: 'bookingOpsDetails', summary: 'Any booking with its direct facts, void window and what the caller may do.', query: ById },
    'POST /api/cancel-pnr': { operationId: 'cancelBooking', summary: 'Cancel an unticketed booking.', body: BookingActionBody, errors: [409] },
    'POST /api/confirm-pnr': { operationId: 'confirmBooking', summary: 'Pay for and ticket a held booking.', body: BookingActionBody, errors: [409] },
    'POST /api/void-booking': { operationId: 'voidBooking', summary: 'Void a ticketed booking within the void window (or ask staff to).', body: BookingActionBody, errors: [409] },
    'POST /api/approve-booking': { operationId: 'decideVoidRequest', summary: 'Approve or reject a void request.', body: BookingApproveBody, errors: [409] },
    'POST /api/admin-booking': { operationId: 'createDirectBooking', summary: 'Enter a booking made elsewhere for an agent (a direct booking).', body: DirectInput, status: 201 },
    'POST /api/update-booking': { operationId: 'updateDirectBooking', summary: 'Ticket or reject a pending direct booking, or correct its PNR, note and ticket numbers.', body: DirectUpdateBody, errors: [409] },
    'GET /api/booking-agents': { operationId: 'bookingAgents', summary: 'Agents to pick from when entering or importing a booking.' },
    'GET /api/get-booking-status-settings': { operationId: 'getBookingSettings', summary: 'The booking settings: online or offline ticketing, charges, time zone and hold time.' },
    'POST /api/update-booking-status-settings': { operationId: 'saveBookingSettings', summary: 'Change the booking settings.', body: SettingsInput },
    'PUT /api/booking-status-settings': { operationId: 'replaceBookingSettings', summary: 'Change the booking settings.', body: SettingsInput },
    'GET /api/bookings/:id/refund-quote': { operationId: 'refundQuote', summary: 'What a refund of a ticketed booking would return now.', params: RefundId },
    'POST /api/bookings/:id/request-refund': { operationId: 'requestRefund', summary: 'Ask for a refund at the quoted amount (staff may start it for the owner).', params: RefundId, body: RefundRequestBody, errors: [409], notes: '409 with code quote_changed and the new quote when the amount moved.' },
    'POST /api/bookings/:id/refund': { operationId: 'approveRefund', summary: 'Approve a requested refund.', params: RefundId, body: RefundApproveBody, errors: [409] },
    'POST /api/bookings/:id/reject-refund': { operationId: 'rejectRefund', summary: 'Reject a requested refund.', params: RefundId, body: RefundRejectBody, errors: [409] },
    'GET /api/bookings/:id/reissue-quote': { operationId: 'reissueQuote', summary: 'What moving a booking to another flight would cost.', params: ReissueId, query: ReissueQuoteQuery },
    'POST /api/bookings/:id/reissue': { operationId: 'reissueBooking', summary: 'Move a booking to another flight at the quoted total.', params: ReissueId, body: ReissueBody, errors: [409], notes: '409 with code quote_changed and the new quote when the total moved.' },
    'GET /api/get-pnr-details': { operationId: 'pnrDetails', summary: 'A PNR: our booking if it is one the caller may see, else the supplier\'s record as an import preview.', query: PnrQuery },
    'POST /api/parse-pnr': { operationId: 'parsePnrDisplay', summary: 'Read a pasted GDS display into passengers and segments to check before saving.', answer: 'data', notes: 'Body {text}: the schema is inline in the handler.' },
    'POST /api/import-pnr': { operationId: 'importPnr', summary: 'Save an imported PNR as a direct booking.', body: DirectInput, status: 201 },
    'POST /api/import-pnr/:id/ticket': { operationId: 'ticketImportedPnr', summary: 'An agent tickets a PNR it imported, from its wallet.', errors: [409] },
    'GET /api/flight-quotation': { operationId: 'flightQuotation', summary: 'A sent quotation by ?reference=, offers priced now by ?flight_id=&supplier=, or the sender\'s recent quotations.', query: v.object({ markup: QuotationMarkup }), rawQuery: ['reference', 'flight_id', 'supplier'] },
    'POST /api/send-sooper-quote': { operationId: 'sendQuotation', summary: 'Email a quotation of one or more offers to a customer.', body: QuotationInput, status: 201 },
    'GET /api/quotes/:reference/print': { operationId: 'printQuotation', summary: 'A quotation\'s printable page (the unguessable reference is the key).', answer: 'html' },
    'GET /api/bookings/:id/e-ticket.pdf': flightDoc('flightETicket', 'e-ticket', 'pdf'),
    'GET /api/bookings/:id/receipt.pdf': { ...flightDoc('flightReceipt', 'receipt (once paid)', 'pdf'), errors: [409] },
    'GET /api/bookings/:id/invoice.pdf': flightDoc('flightInvoice', 'invoice', 'pdf'),
    'GET /api/bookings/:id/calendar.ics': flightDoc('flightCalendarFile', 'calendar file', 'ics'),
    'GET /api/bookings/:kind/:reference/trace': { operationId: 'bookingTrace', summary: 'A booking\'s life as its lifecycle machine saw it.', params: TraceParams },
    'GET /api/queues': { operationId: 'ticketingQueues', summary: 'Ticketing queues with their counts: bookings needing action before a deadline.', query: QueueQuery },
    'GET /api/queues/:queue': { operationId: 'ticketingQueue', summary: 'The bookings in one ticketing queue.', params: QueueParam, query: QueueQuery },
  },
};
