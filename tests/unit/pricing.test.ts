import { describe, expect, it } from 'vitest';
import { agentMarkup, applyMargins, payableMinor, refundQuoteMinor, reissueQuoteMinor, voidChargeMinor, voidRefundMinor, withAgentMarkup } from '../../server/pricing';

/** The pricing module's rules, each on its own (integer minor units). */
describe('pricing', () => {
  it('airline margin first (fixed per seated passenger, or percent of base), then the channel margin; never below zero', () => {
    const airline = [{ airline: 'PK', type: 'markup' as const, mode: 'fixed' as const, value: 1_000 }];
    expect(applyMargins(10_000, 'ADT', 'PK', { kind: 'public', airlineMargins: airline })).toEqual({ supplier: 10_000, airline: 1_000, channel: 0, base: 11_000 });
    expect(applyMargins(10_000, 'INF', 'pk', { kind: 'public', airlineMargins: airline }).airline).toBe(0);
    const pct = [{ airline: 'EK', type: 'discount' as const, mode: 'percent' as const, value: 10 }];
    expect(applyMargins(10_000, 'ADT', 'EK', { kind: 'public', airlineMargins: pct }).base).toBe(9_000);
    // Customer values: margin % and discount % of the base after the airline margin, plus other charges per seated passenger.
    const customer = { discount_percent: 5, margin_percent: 10, other_charges: 500 };
    expect(applyMargins(10_000, 'ADT', 'XX', { kind: 'public', customerMargin: customer }).base).toBe(11_000);
    expect(applyMargins(10_000, 'INF', 'XX', { kind: 'public', customerMargin: customer }).base).toBe(10_500);
    // Agents: staff-set markup and discount per seated passenger instead of the customer values.
    expect(applyMargins(10_000, 'CNN', 'XX', { kind: 'agent', customerMargin: customer, agentMargin: { markup_per_pax: 700, discount_per_pax: 200 } }).base).toBe(10_500);
    expect(applyMargins(1_000, 'ADT', 'XX', { kind: 'agent', agentMargin: { markup_per_pax: 0, discount_per_pax: 5_000 } }).base).toBe(0);
  });

  it("an agent's own markup: typed, or its standing one capped at the fare; a typed one above the fare or below zero is refused", () => {
    expect(agentMarkup(undefined, 2_000, 50_000)).toBe(2_000);
    expect(agentMarkup('', 90_000, 50_000)).toBe(50_000);
    expect(agentMarkup('15.50', 2_000, 50_000)).toBe(1_550);
    expect(() => agentMarkup('600.00', 0, 50_000)).toThrow();
    expect(() => agentMarkup('-1', 0, 50_000)).toThrow();
    expect(withAgentMarkup(50_000, 1_550)).toBe(51_550);
  });

  it('a direct booking costs fare plus margin; a void keeps the charge, never more than was paid', () => {
    expect(payableMinor(40_000, 3_500)).toBe(43_500);
    expect(payableMinor(40_000, null)).toBe(40_000);
    expect(voidChargeMinor(43_500, 2_000)).toBe(2_000);
    expect(voidRefundMinor(43_500, 2_000)).toBe(41_500);
    expect(voidChargeMinor(1_000, 2_000)).toBe(1_000);
    expect(voidRefundMinor(1_000, 2_000)).toBe(0);
  });

  it('a refund after the void window: paid less the airline penalty (fee per passenger, or all but taxes) and the service charge, never below zero', () => {
    const refundable = { refundable: true, cancellationFeeMinor: 5_000 };
    expect(refundQuoteMinor({ paidMinor: 60_000, taxesMinor: 10_000, passengers: 2, rules: refundable, serviceChargeMinor: 1_500 }))
      .toEqual({ paid: 60_000, airlinePenalty: 10_000, serviceCharge: 1_500, refund: 48_500 });
    // Non-refundable: the fare is kept, the taxes come back (less our charge).
    expect(refundQuoteMinor({ paidMinor: 60_000, taxesMinor: 10_000, passengers: 2, rules: { refundable: false, cancellationFeeMinor: null }, serviceChargeMinor: 1_500 }))
      .toEqual({ paid: 60_000, airlinePenalty: 50_000, serviceCharge: 1_500, refund: 8_500 });
    // A refundable fare without a fee; and charges larger than what is left keep only what was paid.
    expect(refundQuoteMinor({ paidMinor: 60_000, taxesMinor: 0, passengers: 1, rules: { refundable: true, cancellationFeeMinor: null }, serviceChargeMinor: 0 }).refund).toBe(60_000);
    expect(refundQuoteMinor({ paidMinor: 8_000, taxesMinor: 1_000, passengers: 2, rules: refundable, serviceChargeMinor: 1_500 }))
      .toEqual({ paid: 8_000, airlinePenalty: 8_000, serviceCharge: 0, refund: 0 });
    expect(refundQuoteMinor({ paidMinor: 8_000, taxesMinor: 1_000, passengers: 1, rules: { refundable: false, cancellationFeeMinor: null }, serviceChargeMinor: 5_000 }))
      .toEqual({ paid: 8_000, airlinePenalty: 7_000, serviceCharge: 1_000, refund: 0 });
  });

  it('a reissue: the fare difference (never negative), the change fee per seated passenger and the service charge; no change fee in the rules, no change', () => {
    expect(reissueQuoteMinor({ oldFareMinor: 45_000, newFareMinor: 52_000, passengers: 2, changeFeeMinor: 3_000, serviceChargeMinor: 1_000 }))
      .toEqual({ oldFare: 45_000, newFare: 52_000, fareDifference: 7_000, changeFee: 6_000, serviceCharge: 1_000, total: 14_000 });
    // A cheaper new fare gives nothing back: only the fee and our charge are paid.
    expect(reissueQuoteMinor({ oldFareMinor: 45_000, newFareMinor: 30_000, passengers: 1, changeFeeMinor: 3_000, serviceChargeMinor: 500 }))
      .toEqual({ oldFare: 45_000, newFare: 30_000, fareDifference: 0, changeFee: 3_000, serviceCharge: 500, total: 3_500 });
    // A free change on the same fare costs nothing.
    expect(reissueQuoteMinor({ oldFareMinor: 45_000, newFareMinor: 45_000, passengers: 3, changeFeeMinor: 0, serviceChargeMinor: 0 })?.total).toBe(0);
    expect(reissueQuoteMinor({ oldFareMinor: 45_000, newFareMinor: 50_000, passengers: 1, changeFeeMinor: null, serviceChargeMinor: 500 })).toBeNull();
  });
});
