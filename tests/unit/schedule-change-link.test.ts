import { describe, expect, it } from 'vitest';
import { answerLink } from '../../server/schedule-changes/record';

describe('where the owner of a changed flight answers', () => {
  it("an agency's booking, made from the portal or by staff for it, opens the agent's one booking page", () => {
    expect(answerLink({ id: 7, channel: 'agent' })).toBe('/agent/pnr-details?id=7');
    expect(answerLink({ id: 8, channel: 'staff' })).toBe('/agent/pnr-details?id=8');
  });
  it("a customer's or guest's booking opens My trips", () => {
    expect(answerLink({ id: 9, channel: 'customer' })).toBe('/my-trips');
  });
});
