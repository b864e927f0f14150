import { useTranslation } from 'react-i18next';
import type { Money } from '../../../contract/money';
import type { SearchFilters } from '../../../machines/flight-booking';
import { moneyText } from '../../../contract/format/money';
import { formatMoney } from '../../ui/format';
import { useAirlineName } from '../../i18n/places';

/** What the filters edit: the server's filters (a draft, sent after a pause) and the client-side maximum price. */
export interface FiltersState {
  draft: SearchFilters;
  setDraft: (f: SearchFilters) => void;
  maxPrice: number | null;
  setMaxPrice: (n: number | null) => void;
  priceMin: number;
  priceMax: number;
  currency: string;
  /** `count` 0: ticked, but no fare matches the other filters. */
  airlines: { code: string; name: string; min_price: Money; count?: number }[];
}

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** How many filters are on (the phone's filter button shows it). */
export const activeFilterCount = (f: SearchFilters, maxPrice: number | null) =>
  f.airlines.length + f.time_of_day.length + (f.stops !== 'all' ? 1 : 0) + (maxPrice !== null ? 1 : 0);

/** Sort, stops, time of day, maximum price and airlines: the side panel on wide screens, the sheet's body on phones. */
export function FiltersPanel({ draft, setDraft, maxPrice, setMaxPrice, priceMin, priceMax, currency, airlines, idPrefix }: FiltersState & { idPrefix: string }) {
  const { t, i18n } = useTranslation();
  const airline = useAirlineName();
  return (
    <>
      <label className="field">
        <span className="field-label">{t('flights.results.sort')}</span>
        <select className="field-input" value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: e.target.value as SearchFilters['sort'] })} data-testid="sort">
          {(['price', 'duration', 'departure'] as const).map((s) => <option key={s} value={s}>{t(`flights.results.sortBy.${s}`)}</option>)}
        </select>
      </label>
      <fieldset className="filter-group">
        <legend>{t('flights.results.stops')}</legend>
        {(['all', '0', '1+'] as const).map((s) => (
          <label key={s} className="check"><input type="radio" name={`${idPrefix}-stops`} checked={draft.stops === s} onChange={() => setDraft({ ...draft, stops: s })} />{t(`flights.results.stopsOpt.${s}`)}</label>
        ))}
      </fieldset>
      <fieldset className="filter-group">
        <legend>{t('flights.results.timeOfDay')}</legend>
        {(['morning', 'afternoon', 'evening'] as const).map((s) => (
          <label key={s} className="check"><input type="checkbox" checked={draft.time_of_day.includes(s)} onChange={(e) => setDraft({ ...draft, time_of_day: toggle(draft.time_of_day, s, e.target.checked) })} />{t(`flights.results.times.${s}`)}</label>
        ))}
      </fieldset>
      {priceMax > 0 ? (
        <fieldset className="filter-group">
          <legend>{t('flights.results.maxPrice')}</legend>
          <input type="range" className="price-range" min={priceMin} max={priceMax} step={100} value={Math.min(maxPrice ?? priceMax, priceMax)} aria-label={t('flights.results.maxPrice')}
            onChange={(e) => setMaxPrice(Number(e.target.value) >= priceMax ? null : Number(e.target.value))} />
          <span className="muted small">{moneyText(maxPrice ?? priceMax, currency)}</span>
        </fieldset>
      ) : null}
      {airlines.length ? (
        <fieldset className="filter-group" data-testid="airline-filter">
          <legend>{t('flights.results.airlines')}</legend>
          {airlines.map((a) => (
            <label key={a.code} className="check">
              <input type="checkbox" value={a.code} checked={draft.airlines.includes(a.code)} onChange={(e) => setDraft({ ...draft, airlines: toggle(draft.airlines, a.code, e.target.checked) })} />
              <span className="airline-filter-name">{airline(a)}</span><span className="muted small">{a.count === 0 ? t('flights.results.noFares') : formatMoney(a.min_price, i18n.language)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
