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

export interface ReissueQuoteMinor { oldFare: number; newFare: number; fareDifference: number; changeFee: number; serviceCharge: number; total: number }

/**
 * A reissue (date change) onto a new flight of the same route, party and cabin:
 *  - the fare difference is the new fare less the fare paid for the ticket, never below zero (a cheaper new
 *    fare gives nothing back: the airline keeps the old fare's value);
 *  - the airline's change fee comes from the booked fare rules, per seated passenger like its other fees;
 *    a fare whose rules carry no change fee (null) does not allow changes at all: the answer is null;
 *  - our reissue service charge (a booking setting) comes on top.
 */
export function reissueQuoteMinor(p: { oldFareMinor: number; newFareMinor: number; passengers: number; changeFeeMinor: number | null; serviceChargeMinor: number }): ReissueQuoteMinor | null {
  if (p.changeFeeMinor === null) return null;
  const fareDifference = Math.max(0, p.newFareMinor - p.oldFareMinor);
  const changeFee = Math.max(0, p.changeFeeMinor) * p.passengers;
  const serviceCharge = Math.max(0, p.serviceChargeMinor);
  return { oldFare: p.oldFareMinor, newFare: p.newFareMinor, fareDifference, changeFee, serviceCharge, total: fareDifference + changeFee + serviceCharge };
}
