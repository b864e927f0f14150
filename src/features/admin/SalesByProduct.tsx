import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { PRODUCTS, type Product, type SalesSummary } from '../../../contract/dashboard';
import { parseMinor, toMoney, type Money } from '../../../contract/money';
import { MoneyText } from '../../ui/format';
import '../shared/dashboard-strings';

/** The list behind each product's figures. */
export const PRODUCT_LISTS: Record<Product, string> = {
  flights: '/admin/bookings?status=ticketed', hotels: '/admin/hotel-bookings', insurance: '/admin/insurance-policies',
  visas: '/admin/visa-applications', packages: '/admin/package-bookings',
};

// Added in minor units, so the total is exactly the sum of the cells above it.
const add = (xs: Money[]) => toMoney(xs.reduce((s, m) => s + (parseMinor(m.amount) ?? 0), 0), xs[0]?.currency ?? '');

/**
 * Today's and this month's sales and margin per product. A product that keeps no margin record shows a dash, and the
 * note under the table says so; the margin total adds only what is kept. Rows exist while loading (dashes), so the
 * card keeps its height.
 */
export function SalesByProduct({ sales }: { sales: SalesSummary | null | undefined }) {
  const { t } = useTranslation();
  const rows = sales?.by_product;
  const cell = (m: Money | null | undefined) => (m ? <MoneyText value={m} /> : '—');
  const col = (k: 'today' | 'month', f: 'sales' | 'margin') => (rows ? add(rows.map((r) => r[k][f]).filter((m): m is Money => !!m)) : null);
  return (
    <section className="card dash-card dash-card-wide" data-testid="sales-by-product">
      <h2>{t('dashboards.salesTitle')}</h2>
      <div className="table-wrap">
        <table className="table sales-table">
          <thead>
            <tr>
              <th scope="col">{t('dashboards.product')}</th>
              <th scope="col" className="num">{t('dashboards.todaySales')}</th>
              <th scope="col" className="num">{t('dashboards.todayMargin')}</th>
              <th scope="col" className="num">{t('dashboards.monthSales')}</th>
              <th scope="col" className="num">{t('dashboards.monthMargin')}</th>
            </tr>
          </thead>
          <tbody>
            {PRODUCTS.map((p) => {
              const r = rows?.find((x) => x.product === p);
              return (
                <tr key={p} data-testid={`sales-${p}`}>
                  <th scope="row" data-label={t('dashboards.product')}><Link href={PRODUCT_LISTS[p]}>{t(`dashboards.products.${p}`)}</Link></th>
                  <td className="num" data-label={t('dashboards.todaySales')}>{cell(r?.today.sales)} <small className="muted">{r ? `(${r.today.count})` : ''}</small></td>
                  <td className="num" data-label={t('dashboards.todayMargin')}>{cell(r?.today.margin)}</td>
                  <td className="num" data-label={t('dashboards.monthSales')}>{cell(r?.month.sales)} <small className="muted">{r ? `(${r.month.count})` : ''}</small></td>
                  <td className="num" data-label={t('dashboards.monthMargin')}>{cell(r?.month.margin)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" data-label={t('dashboards.product')}>{t('dashboards.total')}</th>
              <td className="num" data-label={t('dashboards.todaySales')}>{cell(col('today', 'sales'))}</td>
              <td className="num" data-label={t('dashboards.todayMargin')}>{cell(col('today', 'margin'))}</td>
              <td className="num" data-label={t('dashboards.monthSales')}>{cell(col('month', 'sales'))}</td>
              <td className="num" data-label={t('dashboards.monthMargin')}>{cell(col('month', 'margin'))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="dash-note muted">{t('dashboards.marginNote')}</p>
    </section>
  );
}
