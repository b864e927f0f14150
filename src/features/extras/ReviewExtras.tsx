import { useTranslation } from 'react-i18next';
import type { ExtrasInput } from '../../../contract/flight-extras';
import { parseMinor, toMoney, type Money } from '../../../contract/money';
import { MoneyText } from '../../ui/format';
import './extras.css';
import './strings';

/**
 * The review step's "Seats and bags": what was chosen on the optional step, its total and the total with the fare,
 * and the way to choose or change them. The figures are the seat map's and bag options' prices; the server prices
 * the booking again and says so if they changed.
 */
export function ReviewExtras({ extras, total, fare, names, routes, disabled, onChoose }: {
  extras: ExtrasInput | null;
  total: Money | null;
  fare: Money | null;
  names: string[];
  /** Each segment named by its airports. */
  routes: Record<string, string>;
  disabled: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const grand = fare && total ? toMoney((parseMinor(fare.amount) ?? 0) + (parseMinor(total.amount) ?? 0), fare.currency) : null;
  return (
    <div className="extras-summary" data-testid="review-extras">
      <h3>{t('extras.title')} <span className="muted extras-optional">({t('extras.optional')})</span></h3>
      {extras ? (
        <ul className="extras-items">
          {extras.seats.map((s, i) => <li key={`s${i}`}><bdi>{names[s.passenger]}</bdi>: {t('extras.seat.yours', { designator: s.designator })} <span className="muted">(<bdi dir="ltr">{routes[s.segment_id] ?? s.segment_id}</bdi>)</span></li>)}
          {extras.bags.map((b, i) => <li key={`b${i}`}><bdi>{names[b.passenger]}</bdi>: {t('extras.bags.pieces', { count: b.quantity })} <span className="muted">(<bdi dir="ltr">{routes[b.segment_id] ?? b.segment_id}</bdi>)</span></li>)}
        </ul>
      ) : <p className="muted">{t('extras.none')}</p>}
      {total ? <p className="extras-total" data-testid="review-extras-total">{t('extras.total')}: <strong><MoneyText value={total} /></strong></p> : null}
      {grand ? <p className="extras-total" data-testid="review-grand-total">{t('extras.grandTotal')}: <strong><MoneyText value={grand} /></strong></p> : null}
      <div><button type="button" className="btn btn-secondary" disabled={disabled} onClick={onChoose} data-testid="choose-extras">{t(extras ? 'extras.change' : 'extras.choose')}</button></div>
    </div>
  );
}
