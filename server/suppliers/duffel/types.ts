/**
 * Duffel's shapes, as its official client types them, taken from the client's own methods (the package's type
 * module has no path of its own that the import checker can resolve).
 */
import type { Duffel } from '@duffel/api';

type Data<T> = T extends Promise<{ data: infer D }> ? D : never;
export type Offer = Data<ReturnType<Duffel['offers']['get']>>;
export type OfferSliceSegment = Offer['slices'][number]['segments'][number];
export type DuffelOrder = Data<ReturnType<Duffel['orders']['get']>>;
export type CreateOrderPassenger = Parameters<Duffel['orders']['create']>[0]['passengers'][number];
