import { useTranslation } from 'react-i18next';
import { AMENITIES, BOARDS, HOTEL_SORTS, type HotelSummary } from '../../../contract/hotels';
import { toMoney } from '../../../contract/money';
import { nightlyMinor, type HotelFilters } from '../../../machines/hotel-filters';
import { formatMoney } from '../../ui/format';
import { formatNumber } from '../../../contract/format/number';

/** What the panel edits and what it draws its choices from (the loaded results before filters). */
export interface HotelFiltersState { filters: HotelFilters; setFilters: (f: HotelFilters) => void; hotels: readonly HotelSummary[]; currency: string }

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
const DISTANCES = [0.5, 1, 2, 5, 10] as const;

/** Sort, nightly price range, stars, board, free cancellation, amenities and distance: the side panel, and the sheet's body on phones. */
export function HotelFiltersPanel({ filters: f, setFilters, hotels, currency, idPrefix }: HotelFiltersState & { idPrefix: string }) {
  const { t, i18n } = useTranslation();
  const prices = hotels.map(nightlyMinor);
  const lo = prices.length ? Math.min(...prices) : 0;
  const hi = prices.length ? Math.max(...prices) : 0;
  const offered = AMENITIES.filter((a) => hotels.some((h) => h.amenities.includes(a)));
  const set = (patch: Partial<HotelFilters>) => setFilters({ ...f, ...patch });
  const money = (minor: number) => formatMoney(toMoney(minor, currency), i18n.language);
  return (
    <>
      <label className="field">
        <span className="field-label">{t('hotels.results.sort')}</span>
        <select className="field-input" value={f.sort} onChange={(e) => set({ sort: e.target.value as HotelFilters['sort'] })} data-testid={`${idPrefix}-sort`}>
          {HOTEL_SORTS.map((s) => <option key={s} value={s}>{t(`hotels.results.sortBy.${s}`)}</option>)}
        </select>
      </label>
      {hi > lo ? (
        <fieldset className="filter-group">
          <legend>{t('hotels.results.pricePerNight')}</legend>
          <label className="range-label"><span className="muted small">{t('hotels.results.from')}</span>
            <input type="range" className="price-range" min={lo} max={hi} step={100} value={Math.max(lo, Math.min(f.priceMin ?? lo, hi))} aria-label={t('hotels.results.minPrice')}
              onChange={(e) => { const n = Number(e.target.value); set({ priceMin: n <= lo ? null : Math.min(n, f.priceMax ?? hi) }); }} />
          </label>
          <label className="range-label"><span className="muted small">{t('hotels.results.to')}</span>
            <input type="range" className="price-range" min={lo} max={hi} step={100} value={Math.min(f.priceMax ?? hi, hi)} aria-label={t('hotels.results.maxPrice')}
              onChange={(e) => { const n = Number(e.target.value); set({ priceMax: n >= hi ? null : Math.max(n, f.priceMin ?? lo) }); }} />
          </label>
          <span className="muted small" dir="ltr">{money(f.priceMin ?? lo)} – {money(f.priceMax ?? hi)}</span>
        </fieldset>
      ) : null}
      <fieldset className="filter-group" data-testid={`${idPrefix}-stars`}>
        <legend>{t('hotels.results.stars')}</legend>
        {[5, 4, 3, 2, 1].map((s) => (
          <label key={s} className="check"><input type="checkbox" checked={f.stars.includes(s)} onChange={(e) => set({ stars: toggle(f.stars, s, e.target.checked) })} />{t('hotels.stars', { count: s })}</label>
        ))}
      </fieldset>
      <fieldset className="filter-group">
        <legend>{t('hotels.results.board')}</legend>
        {BOARDS.map((b) => (
          <label key={b} className="check"><input type="checkbox" checked={f.boards.includes(b)} onChange={(e) => set({ boards: toggle(f.boards, b, e.target.checked) })} />{t(`hotels.boards.${b}`)}</label>
        ))}
      </fieldset>
      <fieldset className="filter-group">
        <legend>{t('hotels.results.policy')}</legend>
        <label className="check"><input type="checkbox" checked={f.freeCancellation} onChange={(e) => set({ freeCancellation: e.target.checked })} data-testid={`${idPrefix}-free-cancellation`} />{t('hotels.freeCancellation')}</label>
      </fieldset>
      <label className="field">
        <span className="field-label">{t('hotels.results.distance')}</span>
        <select className="field-input" value={f.maxDistanceKm ?? ''} onChange={(e) => set({ maxDistanceKm: e.target.value ? Number(e.target.value) : null })}>
          <option value="">{t('hotels.results.anyDistance')}</option>
          {DISTANCES.map((d) => <option key={d} value={d}>{t('hotels.results.withinKm', { km: formatNumber(d, i18n.language) })}</option>)}
        </select>
      </label>
      {offered.length ? (
        <fieldset className="filter-group">
          <legend>{t('hotels.results.amenities')}</legend>
          {offered.map((a) => (
            <label key={a} className="check"><input type="checkbox" checked={f.amenities.includes(a)} onChange={(e) => set({ amenities: toggle(f.amenities, a, e.target.checked) })} />{t(`hotels.amenities.${a}`)}</label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
