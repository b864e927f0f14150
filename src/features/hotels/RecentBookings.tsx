import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { Money } from '../../../contract/money';
import type { HotelBookingStatus } from '../../../contract/hotels';
import { DateText, MoneyText } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { DashListCard } from '../../ui/dash-list';
import { HotelStatus } from './Status';
import './strings';

export interface RecentHotelRow { id: number; reference: string; hotel: string; city: string; check_in: string; check_out: string; status: HotelBookingStatus; total: Money }

/** The agent dashboard's latest hotel bookings, beside its latest flight bookings; each opens its voucher. */
export function RecentHotelBookings({ rows }: { rows: RecentHotelRow[] | null }) {
  const { t } = useTranslation();
  return (
    <DashListCard
      title={t('hotels.lists.recentTitle')} testId="recent-hotel-bookings" rows={rows}
      viewAll={{ href: '/agent/hotel-bookings', label: t('hotels.lists.backToList') }}
      empty={{ text: t('hotels.lists.recentEmpty'), action: <Link href="/agent/hotels" className="btn btn-secondary"><Icon name="hotel" size={18} /> {t('hotels.lists.bookHotel')}</Link> }}
      columns={[
        { label: t('hotels.lists.reference'), cell: (b) => <Link className="hb-nowrap" href={`/agent/hotel-booking?reference=${encodeURIComponent(b.reference)}`}><bdi dir="ltr">{b.reference}</bdi></Link> },
        { label: t('hotels.lists.hotel'), cell: (b) => <><bdi>{b.hotel}</bdi> <span className="muted">· <bdi>{b.city}</bdi></span></> },
        { label: t('hotels.lists.stay'), cell: (b) => <span className="hb-nowrap"><DateText value={b.check_in} /> – <DateText value={b.check_out} /></span> },
        { label: t('hotels.lists.status'), cell: (b) => <HotelStatus status={b.status} /> },
        { label: t('hotels.lists.total'), num: true, cell: (b) => <MoneyText value={b.total} /> },
      ]}
    />
  );
}
