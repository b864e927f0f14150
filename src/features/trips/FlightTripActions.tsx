import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../contract/bookings';
import { formatMoney } from '../../ui/format';
import { ActionPanel } from '../bookings/ActionPanel';
import { ReissuePanel } from '../bookings/ReissuePanel';
import { ExtrasAction } from '../extras/ExtrasAction';
import type { BookingDetail } from '../bookings/api';
import './trips.css';
import './strings';

/**
 * A customer's own flight booking, on its page: the owner's actions the rules allow (cancel a hold, ask for a
 * void while the window is open, change the date), each saying in its dialog what it costs or gives back, and the way back to
 * My trips. Paying a hold is the page's card button: a customer's hold is confirmed by a verified card payment,
 * never by "confirm". Amounts are written as the flight pages write them (the fare summary beside them).
 */
export function FlightTripActions({ booking, onReload }: { booking: Booking; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const b = booking as Partial<BookingDetail> & Booking;
  if (b.access !== 'owner') return null;
  const money = (m: Parameters<typeof formatMoney>[0]) => formatMoney(m, i18n.language);
  return (
    <section className="card trip-actions no-print" aria-labelledby="trip-actions" data-testid="trip-actions">
      <h2 id="trip-actions">{t('trips.actions.title')}</h2>
      {b.status === 'requested' ? <p className="muted">{t('trips.actions.requested')}</p> : null}
      {b.status === 'ticketed' && !b.void_window_open && !b.refund_open ? <p className="muted">{t('trips.actions.voidClosed')}</p> : null}
      {b.status === 'refund_requested' ? <p className="muted">{t('bookings.refund.requestedNote')}</p> : null}
      {b.status === 'ticketed' && b.reissued_at ? <p className="muted">{t('reissue.reissuedNote')}</p> : null}
      <ActionPanel pnr={b.pnr} onReload={onReload} hide={['confirm']}
        booking={{ id: b.id, status: b.status as BookingDetail['status'], access: 'owner', void_window_open: !!b.void_window_open, refund_open: !!b.refund_open }}
        amounts={{
          cancel: t('trips.actions.cancelAmount'),
          requestVoid: [t(Number(b.void_charge?.amount ?? 0) > 0 ? 'trips.actions.voidAmount' : 'trips.actions.voidAmountFull',
            { refund: money(b.void_refund), charge: money(b.void_charge), total: money(b.payable ?? b.fare.total) }),
          Number(b.extras_refund?.amount ?? 0) > 0 ? t('trips.actions.voidExtras', { amount: money(b.extras_refund) }) : ''].join(' ').trim(),
        }} />
      <ReissuePanel booking={b} onReload={onReload} />
      <ExtrasAction booking={b} onReload={onReload} />
      <Link href="/my-trips" className="btn btn-ghost">{t('trips.back')}</Link>
    </section>
  );
}
