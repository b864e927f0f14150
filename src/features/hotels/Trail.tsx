import { useTranslation } from 'react-i18next';
import type { HotelBookingEvent } from '../../../contract/hotels';
import { formatDate, formatMoney } from '../../ui/format';

/** A cancellation's note as the server writes it: "refund <amount> <currency> (<card|wallet>)". */
const REFUND = /^refund (\d+\.\d{2}) ([A-Z]{3}) \((card|wallet)\)$/;

/**
 * The booking's audit trail for staff and the agent who booked (the server sends `events` to them only): each
 * status change, who made it and when. Not printed with the voucher.
 */
export function HotelTrail({ events }: { events: HotelBookingEvent[] }) {
  const { t, i18n } = useTranslation();
  const actor = (e: HotelBookingEvent) => {
    const kind = t(`roles.${e.actor}`, { defaultValue: t(`hotels.trail.actors.${e.actor}`, { defaultValue: e.actor }) });
    return e.actor_name ? `${e.actor_name} (${kind})` : kind;
  };
  const note = (e: HotelBookingEvent) => {
    const refund = e.note ? REFUND.exec(e.note) : null;
    if (refund) return t(`hotels.trail.refund.${refund[3]}`, { amount: formatMoney({ amount: refund[1], currency: refund[2] }, i18n.language) });
    if (e.action === 'created' && (e.note === 'card' || e.note === 'wallet')) return t(`hotels.trail.method.${e.note}`);
    if (e.action === 'paid' && e.note?.startsWith('card ')) return t('hotels.trail.providerRef', { ref: e.note.slice(5) });
    return e.note;
  };
  return (
    <section className="card hotel-trail no-print" data-testid="hotel-trail" aria-labelledby="hotel-trail-title">
      <h2 id="hotel-trail-title">{t('hotels.trail.title')}</h2>
      <ol>
        {events.map((e, i) => (
          <li key={i} data-action={e.action}>
            <strong>{t(`hotels.trail.actions.${e.action}`, { defaultValue: e.action })}</strong>
            {e.from_status !== e.to_status ? <span className={`status-pill is-${e.to_status}`}>{t(`hotels.status.${e.to_status}`, { defaultValue: e.to_status })}</span> : null}
            <span className="muted small">{actor(e)} · <time dateTime={e.at}>{formatDate(e.at, i18n.language, true)}</time></span>
            {note(e) ? <span className="muted small" dir="auto">{note(e)}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
