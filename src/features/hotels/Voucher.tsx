import { useTranslation } from 'react-i18next';
import type { HotelBooking } from '../../../contract/hotels';
import { formatDate, formatMoney } from '../../ui/format';
import { useTitleText } from '../../i18n/titles';
import { isolateLtr } from '../../../contract/format/money';
import { Stars } from './HotelCard';
import { CancellationPolicy } from './policy';
import './booking-rows.css';
import './voucher.css';

/**
 * The booking voucher the traveller shows at the front desk: printable (print CSS keeps only the voucher), in
 * the reader's language and direction.
 */
export function Voucher({ booking: b }: { booking: HotelBooking }) {
  const { t, i18n } = useTranslation();
  const title = useTitleText();
  const d = (iso: string) => formatDate(iso, i18n.language);
  return (
    <article className="card voucher" data-testid="voucher" aria-labelledby="voucher-title">
      <header className="voucher-head">
        <div>
          <p className="eyebrow">{t('hotels.voucher.title')}</p>
          <h2 id="voucher-title"><bdi>{b.hotel.name}</bdi> <Stars n={b.hotel.stars} /></h2>
          <p className="muted small" dir="auto">{b.hotel.address}</p>
        </div>
        <div className="voucher-ref">
          <span className="muted small">{t('hotels.voucher.reference')}</span>
          <strong data-testid="hotel-reference" dir="ltr">{b.reference}</strong>
          <span className={`status-pill is-${b.status}`} data-testid="hotel-status">{t(`hotels.status.${b.status}`)}</span>
        </div>
      </header>
      <dl className="voucher-grid">
        <div><dt>{t('hotels.search.checkIn')}</dt><dd>{d(b.check_in)} · {t('hotels.voucher.from', { time: b.hotel.check_in_time })}</dd></div>
        <div><dt>{t('hotels.search.checkOut')}</dt><dd>{d(b.check_out)} · {t('hotels.voucher.until', { time: b.hotel.check_out_time })}</dd></div>
        <div><dt>{t('hotels.voucher.stay')}</dt><dd>{t('hotels.nights', { count: b.nights })} · {t('hotels.search.roomCount', { count: b.rooms.length })}</dd></div>
        <div><dt>{t('hotels.voucher.room')}</dt><dd><bdi>{b.room.name}</bdi> · {t(`hotels.boards.${b.board}`)}</dd></div>
      </dl>
      <table className="fare-table voucher-guests">
        <thead><tr><th scope="col">{t('hotels.voucher.roomN')}</th><th scope="col">{t('hotels.voucher.leadGuest')}</th><th scope="col">{t('hotels.voucher.party')}</th></tr></thead>
        <tbody>
          {b.rooms.map((r, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td dir="auto">{b.guests[i] ? `${title(b.guests[i].title)} ${b.guests[i].first_name} ${b.guests[i].last_name}` : '—'}</td>
              <td>{t('hotels.search.adultCount', { count: r.adults })}{r.children_ages?.length ? ` · ${t('hotels.voucher.childrenAges', { ages: r.children_ages.join(', ') })}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {b.special_requests ? <p><strong>{t('hotels.checkout.requests')}:</strong> <span dir="auto">{b.special_requests}</span></p> : null}
      <CancellationPolicy refundable={b.refundable} until={b.free_cancellation_until} penalty={b.cancellation_quote?.penalty ?? b.total} zone={b.hotel.time_zone} />
      <table className="fare-table">
        <tbody>
          {b.nightly.map((n) => <tr key={n.date}><th scope="row">{d(n.date)}</th><td dir="ltr">{formatMoney(n.price, i18n.language)}</td></tr>)}
          <tr><th scope="row">{t('hotels.taxes')}</th><td dir="ltr">{formatMoney(b.taxes_and_fees, i18n.language)}</td></tr>
          {b.refund ? <tr><th scope="row">{t('hotels.voucher.refunded')}</th><td dir="ltr" data-testid="hotel-refund">{formatMoney(b.refund, i18n.language)}</td></tr> : null}
        </tbody>
        <tfoot><tr><th scope="row">{t('hotels.total')}</th><td dir="ltr" data-testid="voucher-total">{formatMoney(b.total, i18n.language)}</td></tr></tfoot>
      </table>
      {/* Each isolated: in Arabic an email and a phone number side by side otherwise swap places. */}
      <p className="muted small">{t('hotels.voucher.contact', { email: isolateLtr(b.contact.email), phone: isolateLtr(b.contact.phone) })} · {t(`hotels.payment.${b.payment.method}`)}</p>
    </article>
  );
}
