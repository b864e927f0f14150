import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '../../../contract/money';
import { formatDay } from '../../../contract/format/time';
import type { FlightGrid, GridCell } from '../../../contract/flight-calendar';
import { around, choosable } from './date-strip-days';
import { PriceLegend, usePriceWords } from './price-marks';

/**
 * The return grid: departure days down, return days across, three either side of the searched ones, each pairing's
 * lowest round-trip price and mark; choosing one searches those dates. Loaded with its strip, drawn when opened.
 */
export default function ReturnGrid({ grid, depart, ret, busy, failed, onChoose }: {
  grid: FlightGrid | null; depart: string; ret: string; busy: boolean; failed: boolean; onChoose: (depart: string, ret: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const words = usePriceWords();
  const lang = i18n.language;
  const day = (d: string) => formatDay(d, lang, { year: false });
  // The headings drop the weekday to keep seven columns on a phone; each cell's name still says it.
  const heading = (d: string) => formatDay(d, lang, { year: false, weekday: false });
  const cells = new Map<string, GridCell>((grid?.cells ?? []).map((c) => [`${c.departure_date}|${c.return_date}`, c]));
  const returns = around(ret);
  const currency = grid?.cells.find((c) => c.price)?.price?.currency ?? DEFAULT_CURRENCY;
  const status = busy ? t('flights.calendar.loading') : failed ? t('flights.calendar.unavailable') : null;
  return (
    <div className="price-grid-body" data-testid="price-grid">
      <div className="price-grid-scroll">
        <table className="price-grid">
          <caption>{t('flights.calendar.grid')}</caption>
          <thead>
            <tr>
              <th scope="col" className="price-grid-corner"><span>{t('flights.calendar.gridReturn')}</span><span>{t('flights.calendar.gridDeparture')}</span></th>
              {returns.map((r) => <th scope="col" key={r}>{heading(r)}</th>)}
            </tr>
          </thead>
          <tbody>
            {around(depart).map((d) => (
              <tr key={d}>
                <th scope="row">{heading(d)}</th>
                {returns.map((r) => {
                  const c = cells.get(`${d}|${r}`);
                  const open = !!c?.price && choosable(d, r);
                  const here = d === depart && r === ret;
                  return (
                    <td key={r}>
                      <button
                        type="button" className="price-grid-cell" data-tone={c?.mark ?? undefined} aria-current={here ? 'true' : undefined} disabled={!open}
                        aria-label={t('flights.calendar.gridCell', { depart: day(d), ret: day(r), price: c ? words.label(c.price, c.mark) : t('flights.calendar.loading') })}
                        onClick={() => onChoose(d, r)}
                      >
                        {c && choosable(d, r) ? words.short(c.price, c.mark) : ''}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PriceLegend currency={currency} oneWay={false} status={status} />
    </div>
  );
}
