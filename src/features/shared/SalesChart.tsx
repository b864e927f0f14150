import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { PRODUCTS, type SalesDay } from '../../../contract/dashboard';
import { parseMinor, toMoney } from '../../../contract/money';
import { formatNumber } from '../../../contract/format/number';
import { formatDay } from '../../../contract/format/time';
import { formatMoney } from '../../ui/format';
import './sales-chart.css';
import './dashboard-strings';

const HEIGHT = 220;
// In minor units, so thirty days of sums never drift.
const total = (d: SalesDay) => PRODUCTS.reduce((s, p) => s + (parseMinor(d.sales[p].amount) ?? 0), 0);
const dayLabel = (day: string, lng: string) => formatDay(day, lng, { weekday: false, year: false });

/**
 * Thirty days of sales as bars (uPlot on a canvas). The box keeps its height while the figures load, so nothing moves
 * when they arrive. In Arabic the time axis runs right to left (the scale's direction is mirrored and the amounts sit
 * on the right); labels use Latin digits like every figure. The canvas is hidden from assistive technology: a
 * summary names the total and the best day, and a visually hidden table lists every day per product.
 */
export function SalesChart({ days, title }: { days: SalesDay[] | null; title: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const rtl = i18n.dir(lng) === 'rtl';

  useEffect(() => {
    const el = box.current;
    if (!el || !days) return;
    const css = getComputedStyle(el);
    const accent = css.getPropertyValue('--accent').trim() || '#0d7f7a';
    const ink = css.getPropertyValue('--ink-3').trim() || '#666';
    const line = css.getPropertyValue('--line').trim() || '#ddd';
    const font = `12px ${css.fontFamily}`;
    const xs = days.map((_, i) => i);
    const plot = new uPlot({
      width: el.clientWidth, height: HEIGHT, legend: { show: false }, cursor: { y: false, points: { show: false } },
      scales: { x: { time: false, dir: rtl ? -1 : 1, range: [-0.6, days.length - 0.4] }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
      axes: [
        { stroke: ink, font, grid: { show: false }, ticks: { stroke: line }, splits: (u) => xs.filter((i) => (days.length - 1 - i) % (u.width < 480 ? 14 : 7) === 0), values: (_u, splits) => splits.map((i) => dayLabel(days[i].day, lng)) },
        { stroke: ink, font, side: rtl ? 1 : 3, size: 56, grid: { stroke: line, width: 1 }, ticks: { show: false }, values: (_u, splits) => splits.map((v) => formatNumber(v / 100, lng, { max: 1, compact: true })) },
      ],
      series: [{}, { label: t('dashboards.chart.sales'), fill: accent, stroke: accent, width: 0, paths: uPlot.paths.bars!({ size: [0.7, 24], radius: 0.2 }), points: { show: false } }],
    }, [xs, days.map(total)], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => { resize.disconnect(); plot.destroy(); };
  }, [days, lng, rtl, t]);

  const sum = days ? days.reduce((s, d) => s + total(d), 0) : 0;
  const best = days && days.length ? days.reduce((a, b) => (total(b) > total(a) ? b : a)) : null;
  const currency = days?.[0]?.sales.flights.currency ?? '';
  const money = (minor: number) => formatMoney(toMoney(minor, currency), lng);
  const summary = days && best
    ? t('dashboards.chart.summary', { total: money(sum), best: dayLabel(best.day, lng), bestTotal: money(total(best)) })
    : t('dashboards.chart.loading');
  return (
    <figure className="sales-chart">
      <div ref={box} className={days ? 'sales-chart-box' : 'sales-chart-box is-loading'} style={{ blockSize: HEIGHT }} role="img" aria-label={`${title}. ${summary}`} data-testid="sales-chart" />
      <figcaption className="muted">{summary}</figcaption>
      {days ? (
        // The wrapper hides it: a table keeps the width of its cells whatever size it is given.
        <div className="visually-hidden"><table>
          <caption>{title}</caption>
          <thead><tr><th scope="col">{t('dashboards.chart.day')}</th>{PRODUCTS.map((p) => <th key={p} scope="col">{t(`dashboards.products.${p}`)}</th>)}<th scope="col">{t('dashboards.total')}</th></tr></thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}><th scope="row">{dayLabel(d.day, lng)}</th>{PRODUCTS.map((p) => <td key={p}>{formatMoney(d.sales[p], lng)}</td>)}<td>{money(total(d))}</td></tr>
            ))}
          </tbody>
        </table></div>
      ) : null}
    </figure>
  );
}
