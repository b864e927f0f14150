/** The flight supplier package: what routes and services import. */
export * from './types';
export { EmbeddedFlightSupplier, type EmbeddedSupplierOptions } from './embedded';
export { FlightSupplierRegistry, compareOffers } from './registry';
export { MemoryOfferStore, MemoryOrderStore, MemorySeatStore } from './stores';
export { buildNetwork, defaultNetwork, operatingCarriers, trafficScore, type Network } from './network';
export {
  applyMargins, airlineMarginAmount, customerMarginAmount, agentMarginAmount, PUBLIC,
  type AirlineMargin, type CustomerMargin, type AgentMargin,
} from './margins';
export { decodeOfferId } from './offers';
