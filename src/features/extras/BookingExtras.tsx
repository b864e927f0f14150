import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../contract/bookings';
import type { BookingExtra } from '../../../contract/flight-extras';
import { parseMinor, toMoney, type Money } from '../../../contract/money';
import { titleText } from '../../../contract/titles';
import { MoneyText } from '../../ui/format';
import { segmentRoutes } from './CheckoutExtras';
import './extras.css';
import './strings';

/** The extras of a booking as its answer lists them. */
export const extrasOf = (b: Booking): BookingExtra[] => b.extras ?? [];

/** What a booking's extras cost together (each line's price is for its quantity); null when it has none. */
export function extrasTotalOf(b: Booking): Money | null {
  const xs = extrasOf(b);
  if (!xs.length) return null;
  return toMoney(xs.reduce((sum, x) => sum + (parseMinor(x.price.amount) ?? 0), 0), xs[0].price.currency);
}

/**
 * The seats and bags a booking holds, per passenger and flight, each with its price and, while a card payment is
 * awaited, saying so. Shown on the booking's page and its printed itinerary / e-ticket.
 */
export function BookingExtras({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation();
  const extras = extrasOf(booking);
  if (!extras.length) return null;
  const routes = segmentRoutes(booking.itinerary);
  const rows = booking.travellers.flatMap((p, i) => {
    const mine = extras.filter((x) => x.passenger === i);
    const segments = [...new Set(mine.map((x) => x.segment_id))];
    return segments.map((seg) => ({ i, p, seg, items: mine.filter((x) => x.segment_id === seg) }));
  });
  return (
    <section className="booking-extras" aria-labelledby={`extras-of-${booking.id}`} data-testid="booking-extras">
      <h2 id={`extras-of-${booking.id}`}>{t('extras.title')}</h2>
      <table className="pax-table">
        <thead><tr><th>{t('extras.passenger')}</th><th>{t('extras.flight')}</th><th>{t('extras.chosen')}</th></tr></thead>
        <tbody>
          {rows.map(({ i, p, seg, items }) => (
            <tr key={`${i}-${seg}`}>
              <td><bdi>{titleText(p.title, i18n.language)} {p.first_name} {p.last_name}</bdi></td>
              <td><bdi dir="ltr">{routes[seg] ?? seg}</bdi></td>
              <td>
                <ul className="extras-items">
                  {items.map((x, k) => (
                    <li key={k} data-testid={x.kind === 'seat' ? `extra-seat-${i}` : `extra-bag-${i}`}>
                      {x.kind === 'seat' ? t('extras.seat.yours', { designator: x.designator }) : t('extras.bags.line', { count: x.quantity, weight: x.weight_kg })}
                      {' · '}{Number(x.price.amount) > 0 ? <MoneyText value={x.price} /> : t('extras.seat.free')}
                      {x.status === 'awaiting_payment' ? <span className="muted"> · {t('extras.awaiting')}</span> : null}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
