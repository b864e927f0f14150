import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../../ui/records';
import { Link } from 'wouter';
import { DateText, MoneyText } from '../../../ui/format';
import { listGroupTickets } from '../api';
import type { GroupTicket } from '../../../../contract/catalogue';
import { EnquiryForm } from './EnquiryForm';
import { Empty, HeaderHero, Loading, LoadFailed } from './shared';

/** Group fares; each books through flight search, where it shows as our own fare. */
export default function GroupTickets() {
  const { t } = useTranslation();
  const { data, loading, failed, reload } = useRecordOf(listGroupTickets, '');
  const searchHref = (g: GroupTicket) => {
    const q = new URLSearchParams({ origin: g.origin, destination: g.destination, departure_date: g.departure_date, adults: '1', cabin_class: 'Y', flightType: g.return_date ? 'return' : 'one-way' });
    if (g.return_date) q.set('return_date', g.return_date);
    return `/flight/search?${q}`;
  };
  return (
    <>
      <HeaderHero catalogue={null} eyebrow={t('groupTickets.eyebrow')} title={t('groupTickets.title')} lead={t('groupTickets.lead')} />
      <div className="cat-page">
        {failed ? <LoadFailed onRetry={reload} /> : loading && !data ? <Loading /> : data && data.length ? (
          <ul className="gt-list">
            {data.map((g) => (
              <li key={g.id} className="card gt-card">
                <div className="gt-flights">
                  {g.flights.map((f) => (
                    <div key={f.flight_number} className="gt-flight">
                      <span className="code-chip" dir="ltr">{f.flight_number}</span>
                      <span className="gt-route" dir="ltr"><strong>{f.origin.code}</strong> {f.departure_time} → <strong>{f.destination.code}</strong> {f.arrival_time}{f.arrival_day_offset ? ` +${f.arrival_day_offset}` : ''}</span>
                      <span className="muted">{f.origin.city} → {f.destination.city} · <DateText value={f.departure_date} /></span>
                    </div>
                  ))}
                </div>
                <div className="gt-meta">
                  <span className="muted">{g.airline_name}</span>
                  <span>{t('groupTickets.seatsLeft', { count: g.seats_available })}</span>
                  <span className="muted">{g.baggage} · {g.refundable ? t('groupTickets.refundable') : t('groupTickets.nonRefundable')}</span>
                </div>
                <div className="gt-buy">
                  <MoneyText value={g.price} className="detail-price" />
                  {g.seats_available > 0 ? <Link href={searchHref(g)} className="btn btn-primary">{t('groupTickets.book')}</Link> : <span className="badge badge-pending">{t('groupTickets.soldOut')}</span>}
                </div>
              </li>
            ))}
          </ul>
        ) : <Empty text={t('groupTickets.empty')} />}
        <EnquiryForm source="group-ticket" title={t('groupTickets.enquire')} />
      </div>
    </>
  );
}
