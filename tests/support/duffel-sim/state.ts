/**
 * What the simulator remembers between requests. Resources are kept as the JSON Duffel would return (so tests can
 * assert on them directly) beside the few private facts the sim needs (minor-unit prices, knobs).
 */
import { idFactory } from './util';

export type Json = Record<string, any>;

export interface OfferRecord {
  offer: Json;                 // the public offer, `available_services` left out
  services: Json[];            // its available services (extra checked bags)
  requestId: string;
  createdAt: number;
  expiresAt: number;
  totalMinor: number;
  /** A price set by changePrice() that the client has not read yet. */
  pendingMinor: number | null;
  unavailable: boolean;
  departureMs: number;         // first segment's departure, for payment deadlines
  lastSliceDate: string;
}

export interface OrderRecord {
  order: Json;
  offerId: string;
  /** Total before a changePrice() moved a held order, so paying the old amount reads as price_changed. */
  previousTotal: string | null;
}

export interface SimState {
  currency: 'USD' | 'GBP' | 'EUR';
  now: () => number;
  newId: (prefix: string) => string;
  offerRequests: Map<string, Json>;
  offers: Map<string, OfferRecord>;
  orderRecords: Map<string, OrderRecord>;
  orders: Map<string, unknown>;                // the public view handed to tests (same objects)
  payments: unknown[];
  cancellations: Map<string, unknown>;
  airlineChanges: Map<string, Json>;
  seatServices: Map<string, Json>;             // seat service id -> { offerId, segmentId, passengerId, ... }
}

/** Relative values: the currency multipliers the sim uses from its USD price book. */
export const FX: Record<SimState['currency'], number> = { USD: 1, GBP: 0.79, EUR: 0.92 };

export function createState(currency: SimState['currency'], clockOffset: () => number, seed: string): SimState {
  return {
    currency,
    now: () => Date.now() + clockOffset(),
    newId: idFactory(seed),
    offerRequests: new Map(),
    offers: new Map(),
    orderRecords: new Map(),
    orders: new Map(),
    payments: [],
    cancellations: new Map(),
    airlineChanges: new Map(),
    seatServices: new Map(),
  };
}
