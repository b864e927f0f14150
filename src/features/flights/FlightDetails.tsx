import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { FlightOfferDetail } from '../../../contract/flights';
import { describeError } from '../../api/messages';
import { loadOffer } from './api';
import { FareSummaryBox } from './Checkout';
import { JourneyDetails, JourneyLine } from './OfferCard';
import { flowActor, useFlow } from './flow';
import { checkoutPath, useFlowRole } from './useRole';
import { formatMoney } from './format';
import './flights.css';

/** flight/details and public-flight-details: one offer (GET /flight/{id}/{supplier}/{isSooperFlight}) with its rules and Book now. */
export default function FlightDetails() {
  const { t, i18n } = useTranslation();
  const qs = new URLSearchParams(useSearch());
  const ref = { id: qs.get('flight_id') ?? qs.get('id') ?? '', supplier: qs.get('supplier') ?? 'safar', is_sooper_flight: qs.get('isSooperFlight') === '1' };
  const [offer, setOffer] = useState<FlightOfferDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const role = useFlowRole();
  const actor = flowActor(role);
  const state = useFlow(actor);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!ref.id) return;
    const ctrl = new AbortController();
    loadOffer(ref, ctrl.signal).then(setOffer, (err) => { if (!ctrl.signal.aborted) setError(describeError(err).notice?.text ?? t('errors.generic')); });
    return () => ctrl.abort();
  }, [ref.id, ref.supplier]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { if (state.matches('passengers')) navigate(checkoutPath(role)); }, [state, role, navigate]);

  const book = () => {
    if (!state.matches('results') && !state.matches('search')) actor.send({ type: 'NEW_SEARCH' });
    actor.send({ type: 'SELECT', offer: ref });
  };
  if (error) return <div className="flights-page"><div className="card state-card"><h1>{error}</h1><Link href="/" className="btn btn-primary">{t('flights.searchAgain')}</Link></div></div>;
  // The card holds a screen of room until the offer is here, so nothing is pushed when it arrives.
  if (!offer) return <div className="flights-page"><div className="card details-loading"><div className="progress" role="progressbar" aria-label={t('common.loading')}><span /></div></div></div>;
  return (
    <div className="flights-page checkout-layout">
      <section className="card">
        <h1>{offer.validating_airline.name} · {formatMoney(offer.price, i18n.language)}</h1>
        {offer.journeys.map((j, i) => <div key={i}><JourneyLine j={j} /><JourneyDetails j={j} /></div>)}
        <h2>{t('flights.fareRules')}</h2>
        <ul>
          <li>{offer.fare_rules.refundable ? t('flights.refundable') : t('flights.nonRefundable')}</li>
          {offer.fare_rules.cancellation_fee ? <li>{t('flights.cancellationFee')}: {formatMoney(offer.fare_rules.cancellation_fee, i18n.language)}</li> : null}
          {offer.fare_rules.change_fee ? <li>{t('flights.changeFee')}: {formatMoney(offer.fare_rules.change_fee, i18n.language)}</li> : null}
          {offer.fare_rules.notes.map((n, i) => <li key={i}>{n}</li>)}
        </ul>
        <button type="button" className="btn btn-primary" onClick={book}>{t('flights.bookNow')}</button>
      </section>
      <FareSummaryBox offer={offer} />
    </div>
  );
}
