import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../contract/bookings';
import { seatSelectionMachine } from '../../../machines/seat-selection';
import { titleText } from '../../../contract/titles';
import { sellsExtrasAfterBooking } from '../../../contract/flight-extras';
import { useMachineScreen } from '../../ui/machines';
import { MoneyText } from '../../ui/format';
import { leaveFor } from '../flights/api';
import { extrasActors } from './api';
import { segmentRoutes } from './CheckoutExtras';
import { SeatsAndBags } from './SeatsAndBags';
import { extrasTotal } from '../../../machines/seat-selection';

/** Seats and bags can be bought on a booking that holds its seats or is ticketed, from the embedded supplier's fleet. */
export const extrasOpen = (b: Pick<Booking, 'status' | 'supplier'>) => (b.status === 'booked' || b.status === 'ticketed') && sellsExtrasAfterBooking(b.supplier);

/**
 * "Choose seats / add bags" on a booked or ticketed flight, for its owner: a dialog with the picker; buying charges
 * the wallet (an agent) or opens the card payment page (a customer), then the booking reloads with its extras.
 */
export function ExtrasAction({ booking, onReload }: { booking: Booking; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const passengers = useMemo(() => booking.travellers.map((p) => ({ type: p.type, name: `${titleText(p.title, i18n.language)} ${p.first_name} ${p.last_name}`.trim() })), [booking.travellers, i18n.language]);
  const [snap, send] = useMachineScreen(seatSelectionMachine, {
    actors: extrasActors,
    input: { mode: 'booking', source: { kind: 'booking', pnr: booking.pnr, offerId: booking.itinerary.id }, passengers },
    on: (e) => {
      if (e.type === 'reload') onReload();
      if (e.type === 'redirect') leaveFor(String(e.url), i18n.language);
    },
  });
  const routes = useMemo(() => segmentRoutes(booking.itinerary), [booking.itinerary]);
  if (!extrasOpen(booking)) return null;
  if (snap.matches('closed')) {
    return <button type="button" className="btn btn-secondary" data-action="extras" onClick={() => send({ type: 'OPEN' })}>{t('extras.action')}</button>;
  }
  const busy = snap.matches('submitting') || snap.matches('redirecting');
  const total = extrasTotal(snap.context);
  const id = `extras-dlg-${booking.id}`;
  return (
    <div className="bk-dialog-backdrop" role="presentation">
      <div className="bk-dialog extras-dialog card" role="dialog" aria-modal="true" aria-labelledby={id} data-testid="extras-dialog">
        <h2 id={id} className="bk-dialog-title">{t('extras.title')} · <bdi dir="ltr">{booking.pnr}</bdi></h2>
        {snap.matches('done') ? <p className="bk-note" role="status" data-testid="extras-bought">{t('extras.bought')}</p> : (
          <>
            <p className="muted">{t(booking.channel === 'agent' ? 'extras.introWallet' : 'extras.introCard')}</p>
            <SeatsAndBags snap={snap} send={send} routes={routes} headingId={id} />
          </>
        )}
        {snap.matches('submitFailed') ? <p className="form-alert" role="alert">{t('extras.submitFailed')}</p> : null}
        <div className="form-actions">
          {snap.matches('choosing') || busy ? (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => send({ type: 'CONFIRM', idempotencyKey: crypto.randomUUID() })} data-testid="extras-buy">
              {busy ? <><span className="spinner" aria-hidden="true" /> {t('extras.buying')}</> : <>{t('extras.buy')} <MoneyText value={total} /></>}
            </button>
          ) : null}
          {snap.matches('submitFailed') ? <>
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button>
            <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'BACK' })}>{t('extras.back')}</button>
          </> : null}
          {!busy ? <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'CLOSE' })} data-testid="extras-close">{t('extras.close')}</button> : null}
        </div>
      </div>
    </div>
  );
}
