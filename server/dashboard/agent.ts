import type { DbOrTx } from '../db/client';
import type { AgentSalesFigures } from '../../contract/dashboard';
import { toMoney } from '../../contract/money';
import { getBookingSettings } from '../booking-ops/settings';
import { dailySales, salesByProduct } from './sales';
import { expiringHolds, windowOf } from './service';

/**
 * An agent's own figures for its home: what it sold today and this month (every product), the markup it added for
 * itself on its flights (bookings.agent_markup_minor, its earnings on top of our fare), its holds that lapse
 * within the hour and 30 days of sales. Days are the back office's calendar days, as on the staff dashboard.
 */
export async function agentSalesFigures(db: DbOrTx, agentId: number, now: Date): Promise<AgentSalesFigures> {
  const { currency, timeZone } = await getBookingSettings(db);
  const { w, chart } = windowOf(now, timeZone);
  const { totals } = await salesByProduct(db, w, currency, agentId);
  const m = (n: number) => toMoney(n, currency);
  return {
    now: now.toISOString(),
    sales_today: m(totals.salesToday), sales_month: m(totals.salesMonth),
    markup_today: m(totals.markupToday), markup_month: m(totals.markupMonth),
    holds: await expiringHolds(db, now, agentId),
    daily: await dailySales(db, chart, timeZone, currency, agentId),
  };
}
