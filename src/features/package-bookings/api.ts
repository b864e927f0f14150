/** The package booking API's calls, and the booking machine's actors built from them (abortable). */
import { fromPromise } from 'xstate';
import type { ListResponse } from '../../../contract/http';
import type { PackageBooking, PackageBookingListRow, PackageKind, PackageOffer } from '../../../contract/package-bookings';
import type { PackageBookingRequest } from '../../../machines/package-booking';
import type { ListQuery } from '../../../machines/resource-list';
import { request } from '../../api/client';
import { fail, get, send } from '../../api/calls';

export const loadPackageOffer = async (kind: PackageKind, packageId: number, signal?: AbortSignal) =>
  (await get<{ data: PackageOffer }>('/package-departures', { kind, package_id: packageId }, signal)).data;

export async function createPackageBooking(r: PackageBookingRequest, locale: string, signal?: AbortSignal): Promise<PackageBooking> {
  const { idempotencyKey, ...body } = r;
  return (await request<{ data: PackageBooking }>('/package-bookings', { method: 'POST', signal, headers: { 'Idempotency-Key': idempotencyKey }, body: { ...body, locale } }).catch(fail)).data;
}

/** By id or reference for its owner or staff; a guest with the contact email that made it. */
export const packageBooking = async (ref: string, email: string | null, signal?: AbortSignal) =>
  (await get<{ data: PackageBooking }>(`/package-bookings/${encodeURIComponent(ref)}`, email ? { email } : {}, signal)).data;

export const listPackageBookings = (q: ListQuery, signal?: AbortSignal) =>
  get<ListResponse<PackageBookingListRow>>('/package-bookings', { page: q.page, per_page: q.per_page, ...q.filters }, signal);

/** Staff's moves: confirm a paid booking, cancel one (refunded in full). */
export const actOnPackageBooking = async (ref: string, action: 'confirm' | 'cancel', signal?: AbortSignal) =>
  request<{ message: string; data: PackageBooking }>(`/package-bookings/${encodeURIComponent(ref)}/${action}`, { method: 'POST', body: {}, signal }).catch(fail);

/** A new card checkout for a booking still held after a declined or abandoned card. */
export const payPackageAgain = async (ref: string, email: string | null, signal?: AbortSignal) =>
  (await request<{ data: { url: string } }>(`/package-bookings/${encodeURIComponent(ref)}/checkout`, { method: 'POST', body: email ? { email } : {}, signal }).catch(fail)).data;

export const packageBookingActors = (locale: () => string) => ({
  loadOffer: fromPromise(({ input, signal }: { input: { kind: PackageKind; packageId: number }; signal: AbortSignal }) => loadPackageOffer(input.kind, input.packageId, signal)),
  createBooking: fromPromise(({ input, signal }: { input: PackageBookingRequest; signal: AbortSignal }) => createPackageBooking(input, locale(), signal)),
});

/** Staff keep a package's departures (a date and its seats). */
export const saveDeparture = (body: { kind: PackageKind; package_id: number; departure_date: string; seats_total: string }, id: number | null, signal?: AbortSignal) =>
  send<{ message: string }>(id ? 'PUT' : 'POST', id ? `/package-departures/${id}` : '/package-departures', body, signal);
export const deleteDeparture = (id: number, signal?: AbortSignal) => send<{ message: string }>('DELETE', `/package-departures/${id}`, undefined, signal);
