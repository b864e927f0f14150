import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAirlineName, usePlaceName, useRouteText } from '../../../i18n/places';
import { useRecordOf } from '../../../ui/records';
import { Link } from 'wouter';
import { DateText, MoneyText } from '../../../ui/format';
import { listGroupTickets } from '../api';
import type { GroupTicket } from '../../../../contract/catalogue';
import { EnquiryForm } from './EnquiryForm';
import { detailsHref } from './group-ticket-href';
import { Empty, HeaderHero, Loading, LoadFailed } from './shared';
import '../../../ui/form.css';

/** How many travel on one ticket: a presentation choice of the card, up to its seats left (nine at most). */
function BookGroup({ g }: { g: GroupTicket }) {
  const { t } = useTranslation();
  const [adults, setAdults] = useState(1);
  return (
    <div className="gt-book">
      <label className="gt-party">
        <span className="muted">{t('groupTickets.travellers')}</span>
        <select className="field-input" value={adults} onChange={(e) => setAdults(Number(e.target.value))} data-testid="gt-adults">
          {Array.from({ length: Math.min(9, g.seats_available) }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <Link href={detailsHref(g, adults)} className="btn btn-primary" data-testid="gt-book">{t('groupTickets.book')}</Link>
    </div>
  );
}

/** Group fares, each bookable as itself. */
export default function GroupTickets() {
  const { t } = useTranslation();
  const place = usePlaceName();
  const airline = useAirlineName();
  const route = useRouteText();
  const { data, loading, failed, reload } = useRecordOf((signal) => listGroupTickets(signal), '');
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
                      <span className="muted">{route(place(f.origin.code, f.origin.city), place(f.destination.code, f.destination.city))} · <DateText value={f.departure_date} /></span>
                    </div>
                  ))}
                </div>
                <div className="gt-meta">
                  <span className="muted">{airline({ code: g.airline_code, name: g.airline_name })}</span>
                  <span>{t('groupTickets.seatsLeft', { count: g.seats_available })}</span>
                  <span className="muted">{g.baggage} · {g.refundable ? t('groupTickets.refundable') : t('groupTickets.nonRefundable')}</span>
                </div>
                <div className="gt-buy">
                  <MoneyText value={g.price} className="detail-price" />
                  {g.seats_available > 0 ? <BookGroup g={g} /> : <span className="badge badge-pending">{t('groupTickets.soldOut')}</span>}
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
