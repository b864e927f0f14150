import { useTranslation } from 'react-i18next';
import type { PnrPreview } from '../../../contract/pnr';
import { DateText, MoneyText } from '../../ui/format';
import { usePlaceName, useRouteText } from '../../i18n/places';

/** What the supplier holds under a locator, at a glance, above the form it fills: flights, passengers, fare. */
export function PreviewSummary({ preview }: { preview: PnrPreview }) {
  const { t } = useTranslation();
  const place = usePlaceName();
  const route = useRouteText();
  return (
    <div className="card bk-card" data-testid="pnr-preview">
      <h2>
        <span className="bk-pnr" dir="ltr">{preview.pnr}</span>{' '}
        {preview.supplier_status ? <OrderStatus status={preview.supplier_status} /> : null}
      </h2>
      <ul className="pc-list" aria-label={t('pnr.form.flights')}>
        {preview.segments.map((s, i) => (
          <li key={i}>
            <span className="bk-route" dir="ltr">{s.flight_number} · {s.origin} {s.departure_time} → {s.destination} {s.arrival_time}{s.arrival_day_offset ? ` +${s.arrival_day_offset}` : ''}</span>
            <span className="bk-sub"><DateText value={s.date} /> · {route(place(s.origin, s.origin_name), place(s.destination, s.destination_name))} · {t(`bookings.cabin.${s.cabin}`)}</span>
          </li>
        ))}
      </ul>
      <ul className="pc-list" aria-label={t('pnr.form.passengers')}>
        {preview.passengers.map((p, i) => (
          <li key={i}><span dir="ltr">{p.title} {p.first_name} {p.last_name}</span> <span className="bk-sub">{t(`bookings.paxType.${p.type}`)}{p.dob ? <> · <DateText value={p.dob} /></> : null}</span></li>
        ))}
      </ul>
      {preview.total ? <p className="bk-amount">{t('pnr.supplierFare')} <MoneyText value={preview.total} /></p> : null}
    </div>
  );
}

/** A supplier order's status in the words of our bookings (booked: held, not ticketed). */
export function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`bookings.status.${status}`, { defaultValue: status })}</span>;
}
