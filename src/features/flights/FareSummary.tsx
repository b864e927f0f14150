import { useTranslation } from 'react-i18next';
import type { FareSummary } from '../../../contract/bookings';
import type { FlightOfferDetail } from '../../../contract/flights';
import { parseMinor, toMoney, type Money } from '../../../contract/money';
import { MoneyText } from '../../ui/format';
import { expectedTotalOf } from '../../../machines/flight-booking-types';

/**
 * The fare as the server priced it: per passenger type, taxes, the agent's markup, the seats and bags chosen and the
 * total. A booking's total already holds its extras; before booking they are added to the offer's.
 */
export function FareSummaryBox({ offer, fare, markup, extras }: { offer?: FlightOfferDetail | null; fare?: FareSummary | null; markup?: string | null; extras?: Money | null }) {
  const { t } = useTranslation();
  const per = fare?.per_type ?? offer?.fares ?? [];
  const currency = fare?.total.currency ?? offer?.price.currency ?? 'PKR';
  const m = fare ? parseMinor(fare.agent_markup.amount) ?? 0 : markup ? parseMinor(markup) ?? 0 : 0;
  // Before the server prices the booking: the offer plus the markup, as the booking machine expects it charged.
  const x = extras ? parseMinor(extras.amount) ?? 0 : 0;
  const expected = expectedTotalOf(offer ?? null, markup ?? null);
  const total = fare?.total ?? (expected && x ? toMoney((parseMinor(expected.amount) ?? 0) + x, expected.currency) : expected);
  return (
    <aside className="card fare-summary" aria-label={t('checkout.fareSummary')}>
      <h2>{t('checkout.fareSummary')}</h2>
      <table className="fare-table">
        <tbody>
          {per.map((p) => (
            <tr key={p.type}><th scope="row">{t(`checkout.paxType.${p.type}`)} × {p.count}</th><td><MoneyText value={p.total} /></td></tr>
          ))}
          {per.map((p) => (
            <tr key={`${p.type}-tax`} className="muted small"><th scope="row">{t('checkout.baseTaxes', { type: t(`checkout.paxType.${p.type}`) })}</th><td><MoneyText value={p.base} /> + <MoneyText value={p.taxes} /></td></tr>
          ))}
          {m > 0 ? <tr><th scope="row">{t('checkout.agentMarkup')}</th><td><MoneyText value={toMoney(m, currency)} /></td></tr> : null}
          {x > 0 ? <tr data-testid="fare-extras"><th scope="row">{t('checkout.step.extras')}</th><td><MoneyText value={toMoney(x, currency)} /></td></tr> : null}
        </tbody>
        <tfoot><tr><th scope="row">{t('checkout.total')}</th><td data-testid="fare-total"><MoneyText value={total} /></td></tr></tfoot>
      </table>
      <p className="muted small">{t('checkout.pricedByServer')}</p>
    </aside>
  );
}
