/**
 * Margins as pure functions over integer minor units. settings.ts reads the margin settings from the database
 * into a PricingContext; the flight engine applies these rules to its base fares and never reads the database.
 *
 * Order: supplier base fare → airline margin (everyone) → channel margin (customer values for the public,
 * staff-set markup/discount for agents). Taxes are never marked up.
 */
import type { PaxType } from '../../contract/flights';
import { wholeUnits } from '../../contract/money';

export interface AirlineMargin {
  airline: string;
  type: 'markup' | 'discount';
  /** fixed: `value` minor units per passenger; percent: `value` % of the base fare. */
  mode: 'fixed' | 'percent';
  value: number;
}
/** Customer (B2C) margin values: percentages of the base fare, plus other charges in minor units per seated passenger. */
export interface CustomerMargin { discount_percent: number; margin_percent: number; other_charges: number }
/** Agent (B2B) markup and discount set by staff, minor units per seated passenger. */
export interface AgentMargin { markup_per_pax: number; discount_per_pax: number }

/** The hotel margin staff set, for everyone: a markup or a discount, a percentage of the supplier's net. */
export interface HotelMargin { type: 'markup' | 'discount'; percent: number }

export interface PricingContext {
  kind: 'public' | 'agent';
  /** Exchange rates to PKR for suppliers that quote in another currency (currency.ts). */
  rates?: ReadonlyMap<string, number>;
  hotelMargin?: HotelMargin | null;
  airlineMargins?: readonly AirlineMargin[];
  customerMargin?: CustomerMargin | null;
  agentMargin?: AgentMargin | null;
}

export const PUBLIC: PricingContext = { kind: 'public' };

/** Margins are whole rupees like every price (contract/money.ts wholeUnits). */
const pct = (amount: number, percent: number) => wholeUnits((amount * percent) / 100);
/** Fixed per-passenger amounts apply to seated passengers only; an infant's fare is a small share of an adult's. */
const seated = (pax: PaxType) => pax !== 'INF';

/** The airline margin (signed minor units) on one passenger's base fare with the validating carrier. */
export function airlineMarginAmount(base: number, pax: PaxType, airline: string, margins: readonly AirlineMargin[] = []): number {
  let total = 0;
  for (const m of margins) {
    if (m.airline.toUpperCase() !== airline.toUpperCase()) continue;
    const amount = m.mode === 'percent' ? pct(base, m.value) : seated(pax) ? wholeUnits(m.value) : 0;
    total += m.type === 'markup' ? amount : -amount;
  }
  return total;
}

/** The customer margin (signed) on one public passenger's base fare. */
export function customerMarginAmount(base: number, pax: PaxType, m: CustomerMargin | null | undefined): number {
  if (!m) return 0;
  return pct(base, m.margin_percent) - pct(base, m.discount_percent) + (seated(pax) ? wholeUnits(m.other_charges) : 0);
}

/** The agent margin (signed) on one agent-booked passenger. */
export function agentMarginAmount(pax: PaxType, m: AgentMargin | null | undefined): number {
  if (!m || !seated(pax)) return 0;
  return wholeUnits(m.markup_per_pax) - wholeUnits(m.discount_per_pax);
}

export interface MarginedBase { supplier: number; airline: number; channel: number; base: number }

/** One passenger's base fare after every margin that applies to the asker; never below zero. */
export function applyMargins(supplierBase: number, pax: PaxType, validatingAirline: string, ctx: PricingContext): MarginedBase {
  const airline = airlineMarginAmount(supplierBase, pax, validatingAirline, ctx.airlineMargins);
  const afterAirline = Math.max(0, supplierBase + airline);
  const channel = ctx.kind === 'agent' ? agentMarginAmount(pax, ctx.agentMargin) : customerMarginAmount(afterAirline, pax, ctx.customerMargin);
  return { supplier: supplierBase, airline, channel, base: Math.max(0, afterAirline + channel) };
}
