import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtrasInput } from '../../../contract/flight-extras';
import type { FlightOfferDetail } from '../../../contract/flights';
import type { Money } from '../../../contract/money';
import { segmentKey } from '../../../contract/seat-maps';
import { seatSelectionMachine, type SeatPassenger } from '../../../machines/seat-selection';
import { useMachineScreen } from '../../ui/machines';
import { extrasActors } from './api';
import { SeatsAndBags } from './SeatsAndBags';

/** Each segment of an itinerary by its seat-map key, named by its airports ("KHI → DXB"). */
export function segmentRoutes(offer: Pick<FlightOfferDetail, 'journeys'>): Record<string, string> {
  return Object.fromEntries(offer.journeys.flatMap((j) => j.segments).map((s) => [segmentKey(s.flight_number, s.departure_at.slice(0, 10)), `${s.origin.code} → ${s.destination.code}`]));
}

/**
 * The checkout's optional "Seats and bags" step: choices go back to the booking flow (SET_EXTRAS, bought with the
 * booking); skipping goes back to the review with what was chosen before.
 */
export function CheckoutExtras({ offer, passengers, initial, onChosen, onSkip }: {
  offer: FlightOfferDetail;
  passengers: SeatPassenger[];
  initial: ExtrasInput | null;
  onChosen: (extras: ExtrasInput, total: Money) => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation();
  const [snap, send] = useMachineScreen(seatSelectionMachine, {
    actors: extrasActors,
    input: { mode: 'checkout', source: { kind: 'offer', offerId: offer.id }, passengers, initial },
    on: (e) => {
      if (e.type === 'chosen') onChosen(e.extras as ExtrasInput, e.total as Money);
      if (e.type === 'closed') onSkip();
    },
  });
  // The step opens the picker as it shows.
  useEffect(() => { send({ type: 'OPEN' }); }, [send]);
  const routes = useMemo(() => segmentRoutes(offer), [offer]);
  return (
    <section className="card extras-step" aria-labelledby="extras-step-title" data-testid="extras-step">
      <h2 id="extras-step-title">{t('extras.title')} <span className="muted extras-optional">({t('extras.optional')})</span></h2>
      <p className="muted">{t('extras.introCheckout')}</p>
      <SeatsAndBags snap={snap} send={send} routes={routes} headingId="extras-checkout" />
      <div className="button-row">
        <button type="button" className="btn btn-primary" disabled={!snap.matches('choosing')} onClick={() => send({ type: 'CONFIRM', idempotencyKey: '' })} data-testid="extras-done">{t('extras.done')}</button>
        <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'CLOSE' })} data-testid="extras-skip">{t('extras.skip')}</button>
      </div>
    </section>
  );
}
