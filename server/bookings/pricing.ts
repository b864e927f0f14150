import type { AppContext, SessionUser } from '../context';
import { pricingFor as searchPricing } from '../flights/airlines';
import type { PricingContext } from '../suppliers/flight/margins';

/**
 * The margins that apply to whoever books: exactly the PricingContext the search used (channel margins and
 * airline margins), so the re-priced offer matches what was shown.
 */
export function pricingFor(ctx: AppContext, user: SessionUser | null): Promise<PricingContext> {
  return searchPricing(ctx.db, user);
}
