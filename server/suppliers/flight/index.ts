/**
 * The flight supplier package: what routes and services import.
 *
 *   const registry = new FlightSupplierRegistry([new EmbeddedFlightSupplier({ seats, offers })]);
 *   // GET /flights: validate with contract/flights.ts validateFlightSearch(query, { isAirport }), then
 *   const body = await registry.searchWire(query, { pricing, limit }); // the answer as sent (contract/flight-wire.ts)
 *   // elsewhere, the same search as offers: registry.search(query, { pricing, limit })
 *   // GET /flight/{id}/{supplier}/{isSooperFlight}:
 *   const r = await registry.get(supplier)?.getOffer(id, { pricing }); // ok → 200, unknown → 404, expired → 410
 *
 * `pricing` is { kind: 'public' | 'agent', airlineMargins, customerMargin, agentMargin } read from the database
 * by the caller. The network is read from the one `npm run build` saved when it is this code's (~0.1 s), otherwise
 * built (one to several seconds), once per process: warmNetwork() does it in steps between requests, and
 * defaultNetwork() finishes it at once when a search needs it first.
 */
export * from './types';
export { EmbeddedFlightSupplier, type EmbeddedSupplierOptions } from './embedded';
export { FlightSupplierRegistry, compareOffers } from './registry';
export { MemoryOfferStore, MemoryOrderStore, MemorySeatStore } from './stores';
export { buildNetwork, networkSteps, type Network } from './network';
export { defaultCarriers } from './network-carriers';
export { defaultNetwork, hasSavedNetwork, trafficScore, warmNetwork } from './network-default';
export { networkSnapshotCurrent, writeNetworkSnapshot } from './network-snapshot';
export {
  applyMargins, airlineMarginAmount, customerMarginAmount, agentMarginAmount, PUBLIC,
  type AirlineMargin, type CustomerMargin, type AgentMargin,
} from '../../pricing/margins';
export { decodeOfferId } from './offer-ids';
export { AIRCRAFT, aircraftByCode, type AircraftType, type CabinLayout } from './aircraft';
