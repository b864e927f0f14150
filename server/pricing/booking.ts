import { parseMinor } from '../../contract/money';
import { BM } from '../../contract/bookings';
import { validationError } from '../http/errors';

/**
 * The prices of a booking after it is priced: what an agent adds for itself, what a direct (imported) booking
 * costs the agent, and what a void gives back. All in integer minor units.
 */

/**
 * The agent's own markup on one booking: the amount it typed, or its standing per-booking markup when it typed
 * none. Never more than the fare itself (a standing markup is capped silently; a typed one is refused).
 */
export function agentMarkup(typed: string | number | null | undefined, standingMinor: number, fareMinor: number): number {
  if (typed === undefined || typed === null || typed === '') return Math.min(fareMinor, standingMinor);
  const m = parseMinor(typed);
  if (m === null || m < 0) throw validationError({ agent_markup: [BM.markup] });
  if (m > fareMinor) throw validationError({ agent_markup: ['The markup cannot exceed the fare.'] });
  return m;
}

/** A priced fare with the agent's own markup on top: what its customer is quoted and what the booking totals. */
export const withAgentMarkup = (fareMinor: number, markupMinor: number) => fareMinor + markupMinor;

/** What the agent pays for a booking: the fare plus the margin staff added to an imported or direct booking. */
export const payableMinor = (fareMinor: number, directMarginMinor: number | null | undefined) => fareMinor + (directMarginMinor ?? 0);

/** The void charge actually kept: the configured charge, never more than what was paid. */
export const voidChargeMinor = (paidMinor: number, configuredMinor: number) => Math.min(paidMinor, configuredMinor);

/** What a void gives back: what was paid less the charge kept. */
export const voidRefundMinor = (paidMinor: number, configuredMinor: number) => paidMinor - voidChargeMinor(paidMinor, configuredMinor);

/** The fare rules a refund quote reads (contract FareRules, amounts already in minor units). */
export interface RefundRules { refundable: boolean; cancellationFeeMinor: number | null }
export interface RefundQuoteMinor { paid: number; airlinePenalty: number; serviceCharge: number; refund: number }

/**
 * A refund after the void window. The airline penalty follows the booked fare rules:
 *  - a refundable fare keeps its cancellation fee, which the rules price per passenger ("Fees are per
 *    passenger"), so fee × passengers;
 *  - a non-refundable fare keeps the whole fare except its taxes ("taxes are refunded on request"), i.e. the
 *    base fare and any markup on it: paid − taxes.
 * Our service charge (a booking setting) comes on top. Nothing is ever given back below zero.
 */
export function refundQuoteMinor(p: { paidMinor: number; taxesMinor: number; passengers: number; rules: RefundRules; serviceChargeMinor: number }): RefundQuoteMinor {
  const penalty = p.rules.refundable
    ? (p.rules.cancellationFeeMinor ?? 0) * p.passengers
    : Math.max(0, p.paidMinor - p.taxesMinor);
  const airlinePenalty = Math.min(p.paidMinor, penalty);
  const serviceCharge = Math.min(p.paidMinor - airlinePenalty, p.serviceChargeMinor);
  return { paid: p.paidMinor, airlinePenalty, serviceCharge, refund: Math.max(0, p.paidMinor - airlinePenalty - serviceCharge) };
}
