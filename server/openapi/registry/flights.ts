import * as v from 'valibot';
import { FlightSearchQuerySchema } from '../../../contract/flights';
import { month } from '../../../contract/flight-calendar';
import { SeatMapOfferId } from '../../../contract/seat-maps';
import { ExtrasInput } from '../../../contract/flight-extras';
import { FlightChangeBody, RebookBody, WorklistQuery } from '../../../contract/schedule-changes';
import { GuestEmail, Pnr } from '../../flight-extras/routes';
import { Pnr as ChangePnr, PnrId } from '../../schedule-changes/routes';
import type { Domain } from '../operation';

/**
 * The calendar, grid and price-alert validators (contract/flight-calendar.ts, contract/price-alerts.ts) are functions
 * over the search's own fields: their input is these fields of FlightSearchQuerySchema, plus the month or dates.
 */
const searchFields = v.pick(FlightSearchQuerySchema, ['origin', 'destination', 'adults', 'children', 'infants', 'cabin_class']).entries;
const { departure_date, return_date } = FlightSearchQuerySchema.entries;
const byPnr = { params: { pnr: Pnr }, query: v.object({ email: GuestEmail }) };

export const flights: Domain = {
  tag: 'Flights',
  description: 'Flight search, offers, price calendars, seats and bags, airline schedule changes and price alerts.',
  operations: {
    'GET /api/flights': { operationId: 'searchFlights', summary: 'Search flights: one-way, return or multi-city, priced for the caller.', query: FlightSearchQuerySchema, rawQuery: ['limit'], notes: 'Lists come as `a,b` or repeated keys, `trips` as JSON; cross-field rules (dates, airports we serve) are checked by validateFlightSearch (contract/flights.ts).' },
    'GET /api/flight/:id/:supplier/:sooper': { operationId: 'getFlightOffer', summary: 'One offer from a search, priced again for the caller.', errors: [410] },
    'GET /api/flights/calendar': { operationId: 'flightPriceCalendar', summary: 'A month of lowest one-way prices per day for a route.', query: v.object({ ...searchFields, month }), notes: 'Checked by validateCalendar (contract/flight-calendar.ts) with the search\'s own rules.' },
    'GET /api/flights/calendar/grid': { operationId: 'flightReturnGrid', summary: 'Return-trip prices for three days either side of a departure and a return date.', query: v.object({ ...searchFields, depart: departure_date, return: return_date }), notes: 'Checked by validateGrid (contract/flight-calendar.ts) with the search\'s own rules.' },
    'GET /api/offers/:offer_id/seat-map': { operationId: 'offerSeatMap', summary: 'The seat maps of an offer, priced the same for every channel.', params: { offer_id: SeatMapOfferId } },
    'GET /api/offers/:offer_id/services': { operationId: 'offerServices', summary: 'The bags an offer sells.', params: { offer_id: SeatMapOfferId } },
    'GET /api/bookings/flight/:pnr/seat-map': { operationId: 'bookingSeatMap', summary: 'A booking\'s seat maps, for its reader (a guest with the contact email).', ...byPnr },
    'GET /api/bookings/flight/:pnr/services': { operationId: 'bookingServices', summary: 'The bags a booking may still add, for its reader (a guest with the contact email).', ...byPnr },
    'POST /api/bookings/flight/:pnr/extras': { operationId: 'addBookingExtras', summary: 'Buy seats and bags for a booking after booking it.', params: { pnr: Pnr }, body: ExtrasInput, status: 201, also: [200, 'The same Idempotency-Key again: what the first call made, made once.'] },
    'POST /api/supplier-console/flight-changes': { operationId: 'changeFlightInSupplier', summary: 'Change a flight in the embedded supplier, as an airline would; its bookings are told.', body: FlightChangeBody },
    'GET /api/schedule-changes': { operationId: 'scheduleChangeWorklist', summary: 'Airline schedule changes waiting for an answer: every booking\'s for staff, the caller\'s own otherwise.', query: WorklistQuery },
    'GET /api/bookings/flight/:pnr/schedule-changes': { operationId: 'bookingScheduleChanges', summary: 'A booking\'s airline schedule changes.', params: ChangePnr },
    'GET /api/bookings/flight/:pnr/schedule-changes/:id/options': { operationId: 'scheduleChangeOptions', summary: 'Other flights a schedule-changed booking may move to.', params: PnrId },
    'POST /api/bookings/flight/:pnr/schedule-changes/:id/accept': { operationId: 'acceptScheduleChange', summary: 'Accept the airline\'s new schedule.', params: PnrId },
    'POST /api/bookings/flight/:pnr/schedule-changes/:id/rebook': { operationId: 'rebookScheduleChange', summary: 'Move a schedule-changed booking to another flight.', params: PnrId, body: RebookBody },
    'POST /api/bookings/flight/:pnr/schedule-changes/:id/refund': { operationId: 'refundScheduleChange', summary: 'Ask for a refund because of a schedule change.', params: PnrId },
    'POST /api/bookings/flight/:pnr/schedule-changes/:id/cancel': { operationId: 'cancelHoldScheduleChange', summary: 'Cancel an unpaid hold whose schedule changed.', params: PnrId },
    'GET /api/price-alerts/unsubscribe': { operationId: 'unsubscribePriceAlert', summary: 'Stop a price alert from the signed link in its mail.', rawQuery: ['token'], answer: 'message', errors: [404] },
    'POST /api/price-alerts': { operationId: 'createPriceAlert', summary: 'Watch a route\'s price for a month or for dates.', body: v.object({ ...searchFields, departure_date, return_date, month: v.optional(month) }), status: 201, answer: 'data', notes: 'A month or dates, not both; checked by validatePriceAlert (contract/price-alerts.ts) with the search\'s own rules.' },
    'GET /api/price-alerts': { operationId: 'listPriceAlerts', summary: 'The caller\'s price alerts.' },
    'DELETE /api/price-alerts/:id': { operationId: 'deletePriceAlert', summary: 'Remove one of the caller\'s price alerts.' },
  },
};
