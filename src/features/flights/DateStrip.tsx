import { lazy, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '../../../contract/money';
import { formatDay } from '../../../contract/format/time';
import type { SearchParams } from '../../../machines/flight-booking';
import type { CalendarRoute } from '../../../machines/price-calendar';
import { MoneyText } from '../../ui/format';
import { PopoverButton } from '../../ui/popover';
import { WatchPrice } from '../price-alerts/WatchPrice';
import { routeOf, useOneWayDays, useReturnGrid, type StripDay } from './date-strip-days';
import { MARK_SYMBOL, PriceLegend, usePriceWords } from './price-marks';

const ReturnGrid = lazy(() => import('./ReturnGrid'));

/**
 * Above the results: the searched day and three either side with their lowest prices and marks; choosing one
 * searches that day. A return trip's strip keeps the searched return and opens the grid of both dates. The strip
 * holds its size from the first paint (a placeholder per day until the prices come), so the results below never
 * move, and on a phone it is one row of days scrolling within itself. Under a one-way strip the route may be
 * watched for any day of the searched day's month (a guest is offered sign-in).
 */
export function DateStrip({ query, onChoose }: { query: SearchParams | null; onChoose: (depart: string, ret?: string) => void }) {
  const route = routeOf(query);
  const key = route ? `${route.origin}|${route.destination}|${route.adults}+${route.children}+${route.infants}|${route.cabin_class}` : '';
  const stable = useMemo(() => route, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the route is its key
  if (!stable || !query) return null;
  const depart = String(query.departure_date);
  const ret = typeof query.return_date === 'string' ? query.return_date : null;
  return query.flightType === 'return' && ret
    ? <ReturnStrip route={stable} depart={depart} ret={ret} onChoose={onChoose} />
    : <OneWayStrip route={stable} query={query} depart={depart} onChoose={onChoose} />;
}

function OneWayStrip({ route, query, depart, onChoose }: { route: CalendarRoute; query: SearchParams; depart: string; onChoose: (depart: string) => void }) {
  const { days, busy, failed } = useOneWayDays(route, depart);
  const watch = <WatchPrice query={query} month={depart.slice(0, 7)} guestSignIn />;
  return <StripView days={days} chosen={depart} busy={busy} failed={failed} oneWay onChoose={(d) => onChoose(d)} foot={watch} />;
}

function ReturnStrip({ route, depart, ret, onChoose }: { route: CalendarRoute; depart: string; ret: string; onChoose: (depart: string, ret?: string) => void }) {
  const { t } = useTranslation();
  const { grid, days, busy, failed } = useReturnGrid(route, depart, ret);
  const compare = (
    <PopoverButton
      label={t('flights.calendar.grid')} className="price-grid-popover" buttonClassName="btn btn-secondary date-strip-compare" dialogClassName="price-grid-dialog"
      placement="bottom end" testId="compare-dates"
      content={(close) => (
        <Suspense fallback={<div className="price-grid-loading" role="status" aria-label={t('common.loading')}><span className="spinner" aria-hidden="true" /></div>}>
          <ReturnGrid grid={grid} depart={depart} ret={ret} busy={busy} failed={failed} onChoose={(d, r) => { close(); onChoose(d, r); }} />
        </Suspense>
      )}
    >
      {t('flights.calendar.compare')}
    </PopoverButton>
  );
  return <StripView days={days} chosen={depart} busy={busy} failed={failed} oneWay={false} onChoose={(d) => onChoose(d, ret)} extra={compare} />;
}

function StripView({ days, chosen, busy, failed, oneWay, onChoose, extra, foot }: {
  days: StripDay[]; chosen: string; busy: boolean; failed: boolean; oneWay: boolean; onChoose: (day: string) => void; extra?: ReactNode; foot?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const words = usePriceWords();
  const lang = i18n.language;
  const currency = days.find((d) => d.price)?.price?.currency ?? DEFAULT_CURRENCY;
  const status = busy ? t('flights.calendar.loading') : failed ? t('flights.calendar.unavailable') : null;
  const sep = lang === 'ar' ? '، ' : ', ';
  const list = useRef<HTMLUListElement>(null);
  // Where the row scrolls (a phone), the searched day is brought to its middle, in either direction of reading.
  // The row alone scrolls: the page never moves, so nothing under a finger shifts.
  useEffect(() => {
    const row = list.current, day = row?.querySelector<HTMLElement>('[aria-current]');
    if (!row || !day || row.scrollWidth <= row.clientWidth) return;
    const offset = day.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollBy({ left: offset - (row.clientWidth - day.offsetWidth) / 2 });
  }, [chosen]);
  return (
    <section className="card date-strip" aria-label={t('flights.calendar.strip')} data-testid="date-strip" aria-busy={busy}>
      <div className="date-strip-row">
        <ul className="date-strip-days" ref={list}>
          {days.map((d) => {
            const here = d.date === chosen;
            const name = [formatDay(d.date, lang, { year: false }), d.loaded && d.choosable ? words.label(d.price, d.mark) : null, here ? t('flights.calendar.searched') : null].filter(Boolean).join(sep);
            return (
              <li key={d.date}>
                <button
                  type="button" className="date-strip-day" data-date={d.date} data-tone={d.mark ?? undefined} aria-current={here ? 'date' : undefined}
                  aria-label={name} disabled={!d.choosable} onClick={() => onChoose(d.date)}
                >
                  <span className="date-strip-date">{formatDay(d.date, lang, { year: false })}</span>
                  <span className="date-strip-price" aria-hidden="true">
                    {!d.loaded ? <span className="date-strip-wait" /> : !d.choosable ? '' : d.price ? <><MoneyText value={d.price} />{d.mark ? ` ${MARK_SYMBOL[d.mark]}` : ''}</> : '–'}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {extra}
      </div>
      <div className="date-strip-foot">
        <PriceLegend currency={currency} oneWay={oneWay} status={status} />
        {foot}
      </div>
    </section>
  );
}
