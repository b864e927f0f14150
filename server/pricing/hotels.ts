/**
 * A hotel room night's price, the same order as a fare's: supplier net → hotel margin (everyone, a percentage
 * of the net) → channel margin (the public: the customer margin and discount percentages; agents: the staff-set
 * markup and discount, per room night as a flight's are per seat). Never below zero; taxes are added by the
 * supplier on the net and never marked up.
 */
import { wholeUnits } from '../../contract/money';
import type { PricingContext } from './margins';

/** Whole rupees, like every price (contract/money.ts wholeUnits). */
const pct = (amount: number, percent: number) => wholeUnits((amount * percent) / 100);

export function hotelNightMinor(net: number, ctx: PricingContext): number {
  const m = ctx.hotelMargin;
  const afterHotel = Math.max(0, net + (m ? (m.type === 'markup' ? 1 : -1) * pct(net, m.percent) : 0));
  let channel = 0;
  if (ctx.kind === 'agent') channel = wholeUnits(ctx.agentMargin?.markup_per_pax ?? 0) - wholeUnits(ctx.agentMargin?.discount_per_pax ?? 0);
  else if (ctx.customerMargin) channel = pct(afterHotel, ctx.customerMargin.margin_percent) - pct(afterHotel, ctx.customerMargin.discount_percent);
  return Math.max(0, wholeUnits(afterHotel + channel));
}
