import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Money } from '../../../contract/money';
import type { HotelBookingStatus } from '../../../contract/hotels';
import { DateText, MoneyText } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { HotelStatus } from './Status';
import './strings';

export interface RecentHotelRow { id: number; reference: string; hotel: string; city: string; check_in: string; check_out: string; status: HotelBookingStatus; total: Money }

/** The agent dashboard's latest hotel bookings, beside its latest flight bookings; each opens its voucher. */
export function RecentHotelBookings({ rows }: { rows: RecentHotelRow[] | null }) {
  const { t } = useTranslation();
  return (
    <section className="card dash-card dash-card-wide" data-testid="recent-hotel-bookings">
      <div className="dash-card-head">
        <h2>{t('hotels.lists.recentTitle')}</h2>
        <Link href="/agent/hotel-bookings">{t('hotels.lists.backToList')}</Link>
      </div>
      {rows && rows.length === 0 ? (
        <div className="dash-empty">
          <p className="muted">{t('hotels.lists.recentEmpty')}</p>
          <Link href="/agent/hotels" className="btn btn-secondary"><Icon name="hotel" size={18} /> {t('hotels.lists.bookHotel')}</Link>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('hotels.lists.reference')}</th>
                <th scope="col">{t('hotels.lists.hotel')}</th>
                <th scope="col">{t('hotels.lists.stay')}</th>
                <th scope="col">{t('hotels.lists.status')}</th>
                <th scope="col" className="num">{t('hotels.lists.total')}</th>
              </tr>
            </thead>
            <tbody>
              {(rows ?? []).map((b) => (
                <tr key={b.id}>
                  <td><Link className="hb-nowrap" href={`/agent/hotel-booking?reference=${encodeURIComponent(b.reference)}`}><bdi dir="ltr">{b.reference}</bdi></Link></td>
                  <td><bdi>{b.hotel}</bdi> <span className="muted">· <bdi>{b.city}</bdi></span></td>
                  <td className="hb-nowrap"><DateText value={b.check_in} /> – <DateText value={b.check_out} /></td>
                  <td><HotelStatus status={b.status} /></td>
                  <td className="num"><MoneyText value={b.total} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
