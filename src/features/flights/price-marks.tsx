import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceMark } from '../../../contract/flight-calendar';
import type { Money } from '../../../contract/money';
import { isolateLtr, moneyShort } from '../../../contract/format/money';
import { formatMoney } from '../../ui/format';
import './price-calendar.css';

/**
 * How a day's lowest price and its mark are written wherever dates are compared (the date picker, the strip above
 * results, the return grid): a low price is marked ↓ and a high one ↑ besides their colour, since colour alone
 * says nothing to a reader who cannot tell it; a typical price carries no mark. The words go into the
 * accessible name ("PKR 48,200, low price").
 */
export const MARK_SYMBOL: Record<PriceMark, string> = { low: '↓', typical: '', high: '↑' };

export function usePriceWords() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => ({
    /** "48.2K↓", or a dash where nothing flies. */
    short: (price: Money | null, mark: PriceMark | null) => (price ? `${moneyShort(price)}${mark ? MARK_SYMBOL[mark] : ''}` : '–'),
    /** "PKR 48,200, low price", or "no fares". */
    label: (price: Money | null, mark: PriceMark | null) =>
      (price ? [formatMoney(price, lang), mark ? t(`flights.calendar.mark.${mark}`) : null].filter(Boolean).join(lang === 'ar' ? '، ' : ', ') : t('flights.calendar.noFares')),
  }), [t, lang]);
}

/** What the marks mean, and what the prices are. */
export function PriceLegend({ currency, oneWay, status }: { currency: string; oneWay: boolean; status?: string | null }) {
  const { t, i18n } = useTranslation();
  const code = i18n.language === 'ar' ? isolateLtr(currency) : currency;
  return (
    <div className="price-legend" data-testid="price-legend">
      <p>{t(oneWay ? 'flights.calendar.legendOneWay' : 'flights.calendar.legendReturn', { currency: code })}</p>
      <p className="price-legend-marks">
        <span className="price-mark" data-tone="low">{MARK_SYMBOL.low} {t('flights.calendar.legendLow')}</span>
        <span className="price-mark" data-tone="high">{MARK_SYMBOL.high} {t('flights.calendar.legendHigh')}</span>
      </p>
      {/* Its line is kept while empty, so the message coming or going moves nothing. */}
      <p className="price-legend-status" role="status">{status ?? ''}</p>
    </div>
  );
}
