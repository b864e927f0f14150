import { eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../context';
import { agentMargins, customerMargins } from '../db/schema';
import type { PricingContext } from '../suppliers/flight/margins';

/**
 * The margins that apply to whoever asks (brief §3): approved agents get the staff-set B2B markup/discount,
 * everyone else (customers, guests, staff looking at the public site) the customer values.
 */
export async function pricingFor(ctx: AppContext, user: SessionUser | null): Promise<PricingContext> {
  if (user?.role === 'agent') {
    const [m] = await ctx.db.select().from(agentMargins).where(eq(agentMargins.agentId, user.id)).limit(1);
    return { kind: 'agent', agentMargin: m ? { markup_per_pax: m.markupPerPaxMinor, discount_per_pax: m.discountPerPaxMinor } : null };
  }
  const [m] = await ctx.db.select().from(customerMargins).where(eq(customerMargins.id, 1)).limit(1);
  return {
    kind: 'public',
    customerMargin: m ? { discount_percent: m.discountBp / 100, margin_percent: m.marginBp / 100, other_charges: m.otherChargesMinor } : null,
  };
}
