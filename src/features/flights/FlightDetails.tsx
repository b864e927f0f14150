import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { translateServer } from '../../i18n';
import { useAirlineName } from '../../i18n/places';
import { FareSummaryBox } from './Checkout';
import { JourneyDetails, JourneyLine } from './OfferCard';
import { flowActor, useFlow } from './flow';
import { useFlowRole } from './useRole';
import { formatMoney } from '../../ui/format';
import './flights.css';

const SHOWING = ['loadingDetails', 'offerDetails', 'detailsFailed'] as const;

/**
 * flight/details and public-flight-details: one offer (the flow's loadOffer) with its rules and Book now. The
 * flow loads it (VIEW_OFFER) and, on BOOK, moves on to the checkout with the offer it already has.
 */
export default function FlightDetails() {
  const { t, i18n } = useTranslation();
  const airline = useAirlineName();
  const qs = new URLSearchParams(useSearch());
  const ref = { id: qs.get('flight_id') ?? qs.get('id') ?? '', supplier: qs.get('supplier') ?? 'safar', is_sooper_flight: qs.get('isSooperFlight') === '1' };
  const role = useFlowRole();
  const actor = flowActor(role);
  const state = useFlow(actor);

  useEffect(() => {
    if (!ref.id) return;
    const s = actor.getSnapshot();
    // Back from the checkout or a re-render: the flow already shows this offer.
    if (s.context.selected?.id === ref.id && SHOWING.some((v) => s.matches(v))) return;
    actor.send({ type: 'VIEW_OFFER', offer: ref });
  }, [ref.id, ref.supplier]); // eslint-disable-line react-hooks/exhaustive-deps

  const offer = state.matches('offerDetails') ? state.context.offer : null;
  const notice = state.context.failure?.notice;
  if (!ref.id || state.matches('detailsFailed')) {
    return (
      <div className="flights-page"><div className="card state-card">
        {/* Opened without a flight (an old link, a typed address): say so rather than a generic failure. */}
        <h1>{!ref.id ? t('flights.details.missing') : notice?.text ? translateServer(notice.text) : t(notice?.key ?? 'errors.generic')}</h1>
        {!ref.id ? <p className="muted">{t('flights.details.missingHint')}</p> : null}
        <div className="button-row">
          {ref.id ? <button type="button" className="btn btn-secondary" onClick={() => actor.send({ type: 'RETRY' })}>{t('flights.retry')}</button> : null}
          <Link href="/" className="btn btn-primary">{t('flights.searchAgain')}</Link>
        </div>
      </div></div>
    );
  }
  // The card holds a screen of room until the offer is here, so nothing is pushed when it arrives.
  if (!offer) return <div className="flights-page"><div className="card details-loading"><div className="progress" role="progressbar" aria-label={t('common.loading')}><span /></div></div></div>;
  return (
    <div className="flights-page checkout-layout">
      <section className="card">
        <h1>{airline(offer.validating_airline)} · {formatMoney(offer.price, i18n.language)}</h1>
        {offer.journeys.map((j, i) => <div key={i}><JourneyLine j={j} /><JourneyDetails j={j} /></div>)}
        <h2>{t('flights.fareRules')}</h2>
        <ul>
          <li>{offer.fare_rules.refundable ? t('flights.refundable') : t('flights.nonRefundable')}</li>
          {offer.fare_rules.cancellation_fee ? <li>{t('flights.cancellationFee')}: {formatMoney(offer.fare_rules.cancellation_fee, i18n.language)}</li> : null}
          {offer.fare_rules.change_fee ? <li>{t('flights.changeFee')}: {formatMoney(offer.fare_rules.change_fee, i18n.language)}</li> : null}
          {offer.fare_rules.notes.map((n, i) => <li key={i}>{n}</li>)}
        </ul>
        <button type="button" className="btn btn-primary" onClick={() => actor.send({ type: 'BOOK' })}>{t('flights.bookNow')}</button>
      </section>
      <FareSummaryBox offer={offer} />
    </div>
  );
}
