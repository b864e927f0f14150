import type { HotelBookingListRow } from '../../../contract/hotels';
import type { ListResponse } from '../../../contract/http';
import { get } from '../../api/calls';
import type { BookingRow } from '../bookings/api';
import { flightTrip, hotelTrip, type Trip } from './trips';

/**
 * My trips' one call: the customer's flight bookings and hotel bookings (the server scopes both lists to the
 * signed-in customer), side by side, as trips. A hundred of each is the lists' largest page.
 */
export async function loadTrips(signal: AbortSignal): Promise<Trip[]> {
  const [flights, hotels] = await Promise.all([
    get<ListResponse<BookingRow>>('/get-customer-bookings', { per_page: 100 }, signal),
    get<ListResponse<HotelBookingListRow>>('/hotel-bookings', { per_page: 100 }, signal),
  ]);
  return [...flights.data.map(flightTrip), ...hotels.data.map(hotelTrip)];
}
