import { fromPromise } from 'xstate';
import { request } from '../../api/client';
import type { FlightCalendar, FlightGrid } from '../../../contract/flight-calendar';
import type { CalendarRequest, CalendarRoute } from '../../../machines/price-calendar';
import type { GridRequest } from '../../../machines/price-grid';

/** The price calendar's calls, and the actors the calendar and grid machines are given. */

/** Children and infants go only when travelling, so an adults-only calendar is asked as it always was. */
const routeQuery = (r: CalendarRoute) => ({
  origin: r.origin, destination: r.destination, adults: String(r.adults), cabin_class: r.cabin_class,
  ...(r.children ? { children: String(r.children) } : {}), ...(r.infants ? { infants: String(r.infants) } : {}),
});

export const loadCalendar = async ({ route, month }: CalendarRequest, signal?: AbortSignal) =>
  (await request<{ data: FlightCalendar }>('/flights/calendar', { query: { ...routeQuery(route), month }, signal })).data;

export const loadGrid = async ({ route, depart, ret }: GridRequest, signal?: AbortSignal) =>
  (await request<{ data: FlightGrid }>('/flights/calendar/grid', { query: { ...routeQuery(route), depart, return: ret }, signal })).data;

export const calendarActors = {
  loadCalendar: fromPromise<FlightCalendar, CalendarRequest>(({ input, signal }) => loadCalendar(input, signal)),
};
export const gridActors = {
  loadGrid: fromPromise<FlightGrid, GridRequest>(({ input, signal }) => loadGrid(input, signal)),
};
