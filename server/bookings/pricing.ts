import type { AppContext, SessionUser } from '../context';
import { loadMargins } from '../agents/margins';
import type { PricingContext } from '../suppliers/flight/margins';

/**
 * The margins that apply to whoever books: the same PricingContext the search used (agents' B2B markup and
 * discount, the customer values for everyone else), so the re-priced offer matches what was shown.
 */
export function pricingFor(ctx: AppContext, user: SessionUser | null): Promise<PricingContext> {
  return loadMargins(ctx.db, user);
}
