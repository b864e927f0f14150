import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { PRODUCTS, type Product, type ProductSales, type SalesDay } from '../../contract/dashboard';
import { toMoney } from '../../contract/money';
import { addDays } from '../booking-ops/settings';

/**
 * Every sale of every product as one row shape (product, instant of sale, total, margin, the agent's own markup, the
 * agent), for the dashboards to add up in SQL. A sale is what stands now, counted on the day it was made:
 * - flights: ticketed (a void or refund requested is still ticketed until staff decide), on ticketed_at; a direct or imported
 *   booking's agent pays its total plus the margin staff added (server/pricing/booking.ts payableMinor);
 * - hotels: confirmed, on confirmed_at (a canceled booking no longer counts);
 * - insurance: issued, on issued_at;  visas: paid, on submitted_at;  packages: paid, on paid_at.
 * Only flights keep a margin apart from the total (direct_bookings.margin_minor); the others' margin is null.
 * Amounts are added as they are: every product is sold in the back office's one currency.
 */
function salesRows(from: Date, to: Date, agentId?: number): SQL {
  const f = from.toISOString();
  const t = to.toISOString();
  const mine = (col: string) => (agentId === undefined ? sql`` : sql` and ${sql.raw(col)} = ${agentId}`);
  return sql`
    select 'flights' as product, b.ticketed_at as at, b.total_minor + coalesce(d.margin_minor, 0) as total,
      coalesce(d.margin_minor, 0) as margin, b.agent_markup_minor as markup,
      coalesce(d.agent_id, case when b.channel = 'agent' then b.user_id end) as agent_id
    from bookings b left join direct_bookings d on d.booking_id = b.id
    where b.status in ('ticketed', 'requested', 'refund_requested') and b.ticketed_at >= ${f} and b.ticketed_at < ${t}${mine('coalesce(d.agent_id, case when b.channel = \'agent\' then b.user_id end)')}
    union all
    select 'hotels', confirmed_at, total_minor, null, 0, case when channel = 'agent' then user_id end
    from hotel_bookings where status = 'confirmed' and confirmed_at >= ${f} and confirmed_at < ${t}${mine("case when channel = 'agent' then user_id end")}
    union all
    select 'insurance', issued_at, total_minor, null, 0, case when channel = 'agent' then user_id end
    from insurance_policies where status = 'issued' and issued_at >= ${f} and issued_at < ${t}${mine("case when channel = 'agent' then user_id end")}
    union all
    select 'visas', submitted_at, fee_minor, null, 0, case when channel = 'agent' then user_id end
    from visa_applications where payment_status = 'paid' and submitted_at >= ${f} and submitted_at < ${t}${mine("case when channel = 'agent' then user_id end")}
    union all
    select 'packages', paid_at, total_minor, null, 0, case when channel = 'agent' then user_id end
    from package_bookings where payment_status = 'paid' and paid_at >= ${f} and paid_at < ${t}${mine("case when channel = 'agent' then user_id end")}`;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const num = (v: unknown) => Number(v ?? 0);

export interface Window { todayStart: Date; monthStart: Date; end: Date }

/** Per product: count, sales and margin since the start of today and of this month. */
export async function salesByProduct(db: DbOrTx, w: Window, currency: string, agentId?: number) {
  const res = await db.execute(sql`
    select product,
      count(*) filter (where at >= ${w.todayStart.toISOString()}) as n_today,
      coalesce(sum(total) filter (where at >= ${w.todayStart.toISOString()}), 0) as sales_today,
      coalesce(sum(margin) filter (where at >= ${w.todayStart.toISOString()}), 0) as margin_today,
      coalesce(sum(markup) filter (where at >= ${w.todayStart.toISOString()}), 0) as markup_today,
      count(*) as n_month, coalesce(sum(total), 0) as sales_month, coalesce(sum(margin), 0) as margin_month,
      coalesce(sum(markup), 0) as markup_month
    from (${salesRows(w.monthStart, w.end, agentId)}) s group by product`);
  const rows = new Map(rowsOf<Record<string, unknown>>(res).map((r) => [r.product as Product, r]));
  const m = (v: unknown) => toMoney(num(v), currency);
  const byProduct: ProductSales[] = PRODUCTS.map((product) => {
    const r = rows.get(product) ?? {};
    const margin = (v: unknown) => (product === 'flights' ? m(v) : null);
    return {
      product,
      today: { count: num(r.n_today), sales: m(r.sales_today), margin: margin(r.margin_today) },
      month: { count: num(r.n_month), sales: m(r.sales_month), margin: margin(r.margin_month) },
    };
  });
  const sum = (k: string) => [...rows.values()].reduce((s, r) => s + num(r[k]), 0);
  return { byProduct, totals: { salesToday: sum('sales_today'), salesMonth: sum('sales_month'), markupToday: sum('markup_today'), markupMonth: sum('markup_month') } };
}

/** Sales per calendar day (in `timeZone`) and product from `fromDay` to `toDay`, every day present. */
export async function dailySales(db: DbOrTx, range: { from: Date; to: Date; fromDay: string; days: number }, timeZone: string, currency: string, agentId?: number): Promise<SalesDay[]> {
  const res = await db.execute(sql`
    select to_char(at at time zone ${timeZone}, 'YYYY-MM-DD') as day, product, coalesce(sum(total), 0) as sales
    from (${salesRows(range.from, range.to, agentId)}) s group by 1, 2`);
  const got = new Map(rowsOf<{ day: string; product: Product; sales: unknown }>(res).map((r) => [`${r.day}/${r.product}`, num(r.sales)]));
  return Array.from({ length: range.days }, (_, i) => {
    const day = addDays(range.fromDay, i);
    const sales = Object.fromEntries(PRODUCTS.map((p) => [p, toMoney(got.get(`${day}/${p}`) ?? 0, currency)])) as SalesDay['sales'];
    return { day, sales };
  });
}

/** The agents who sold most since `from`, every product together. */
export async function topAgents(db: DbOrTx, from: Date, to: Date, currency: string, limit = 5) {
  const res = await db.execute(sql`
    select s.agent_id as id, u.name, a.company_name, u.agent_code, count(*) as n, sum(s.total) as sales
    from (${salesRows(from, to)}) s join users u on u.id = s.agent_id left join agent_profiles a on a.user_id = u.id
    where s.agent_id is not null group by s.agent_id, u.name, a.company_name, u.agent_code
    order by sum(s.total) desc, s.agent_id limit ${limit}`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: num(r.id), name: String(r.name), company_name: (r.company_name as string | null) ?? null, agent_code: (r.agent_code as string | null) ?? null,
    count: num(r.n), sales: toMoney(num(r.sales), currency),
  }));
}
