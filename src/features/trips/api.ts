import type { TFunction } from 'i18next';
import type { HotelBookingListRow } from '../../../contract/hotels';
import type { ListResponse } from '../../../contract/http';
import { get } from '../../api/calls';
import type { BookingRow } from '../bookings/api';
import { flightTrip, hotelTrip, type Trip } from './trips';
import { packageTrips } from '../package-bookings/trip';
import { visaTrips } from '../visa-applications/api';
import { insuranceTrips } from '../insurance/api';

/** One product's trips for the signed-in customer (the server scopes each list to them); `t` words item cards. */
export type TripSource = (signal: AbortSignal, t: TFunction) => Promise<Trip[]>;

/** A hundred of each is the lists' largest page. */
const flightTrips: TripSource = async (signal) =>
  (await get<ListResponse<BookingRow>>('/get-customer-bookings', { per_page: 100 }, signal)).data.map(flightTrip);
const hotelTrips: TripSource = async (signal) =>
  (await get<ListResponse<HotelBookingListRow>>('/hotel-bookings', { per_page: 100 }, signal)).data.map(hotelTrip);

/** Every product My trips lists: one line each. */
const tripSources: TripSource[] = [flightTrips, hotelTrips, packageTrips, visaTrips, insuranceTrips];

/** My trips' load: every product's bookings side by side, as trips. */
export async function loadTrips(signal: AbortSignal, t: TFunction): Promise<Trip[]> {
  return (await Promise.all(tripSources.map((source) => source(signal, t)))).flat();
}
