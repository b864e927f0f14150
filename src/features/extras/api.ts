import { fromPromise } from 'xstate';
import type { ExtrasAdded, ExtrasInput, OfferServicesResponse } from '../../../contract/flight-extras';
import type { SeatMapsResponse } from '../../../contract/seat-maps';
import { request } from '../../api/client';
import { describeError } from '../../api/messages';
import type { ExtrasFailure, ExtrasSource, LoadedExtras, SubmitExtrasInput } from '../../../machines/seat-selection';

/** The seat and bag calls, and the seat-selection machine's actors built from them (abortable). */

const failure = (err: unknown): ExtrasFailure => {
  const e = err as { status?: number; statusCode?: number };
  return { ...describeError(err), status: e.status ?? e.statusCode };
};

export const offerSeatMaps = async (offerId: string, signal?: AbortSignal) =>
  (await request<SeatMapsResponse>(`/offers/${encodeURIComponent(offerId)}/seat-map`, { signal })).data;
export const bookingSeatMaps = async (pnr: string, signal?: AbortSignal) =>
  (await request<SeatMapsResponse>(`/bookings/flight/${encodeURIComponent(pnr)}/seat-map`, { signal })).data;
export const offerBags = async (offerId: string, signal?: AbortSignal) =>
  (await request<OfferServicesResponse>(`/offers/${encodeURIComponent(offerId)}/services`, { signal })).data.bags;
export const bookingBags = async (pnr: string, signal?: AbortSignal) =>
  (await request<OfferServicesResponse>(`/bookings/flight/${encodeURIComponent(pnr)}/services`, { signal })).data.bags;

export async function buyExtras(pnr: string, extras: ExtrasInput, idempotencyKey: string, signal?: AbortSignal): Promise<ExtrasAdded> {
  return request<ExtrasAdded>(`/bookings/flight/${encodeURIComponent(pnr)}/extras`, { method: 'POST', signal, headers: { 'Idempotency-Key': idempotencyKey }, body: extras });
}

/** The maps are what the picker needs; bag options that cannot be read leave bags out rather than the seats. */
async function loadExtras(source: ExtrasSource, signal: AbortSignal): Promise<LoadedExtras> {
  const [maps, bags] = await Promise.all([
    source.kind === 'offer' ? offerSeatMaps(source.offerId, signal) : bookingSeatMaps(source.pnr, signal),
    (source.kind === 'offer' ? offerBags(source.offerId, signal) : bookingBags(source.pnr, signal)).catch((err: unknown) => {
      if (signal.aborted) throw err;
      return [];
    }),
  ]);
  return { maps, bags };
}

export const extrasActors = {
  loadExtras: fromPromise<LoadedExtras, { source: ExtrasSource }>(async ({ input, signal }) => {
    try { return await loadExtras(input.source, signal); } catch (err) { throw failure(err); }
  }),
  submitExtras: fromPromise<ExtrasAdded, SubmitExtrasInput>(async ({ input, signal }) => {
    try { return await buyExtras(input.pnr, input.extras, input.idempotencyKey, signal); } catch (err) { throw failure(err); }
  }),
};
