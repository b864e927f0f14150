import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../../ui/records';
import { Link } from 'wouter';
import { DateText, MoneyText } from '../../../ui/format';
import { getHoliday, listHolidays, PAGE } from '../api';
import { EnquiryForm } from './EnquiryForm';
import { BookPackageCard } from '../../package-bookings/BookButton';
import '../../package-bookings/package-bookings.css';
import { Card, Empty, HeaderHero, idFromQuery, Loading, LoadFailed, PriceFrom } from './shared';
import { ReaderRich, ReaderText, useReaderText } from './localized';

export default function Holidays() {
  const { t } = useTranslation();
  const { data, loading, failed, reload } = useRecordOf((signal) => listHolidays(PAGE, signal), '');
  return (
    <>
      <HeaderHero catalogue="holiday" eyebrow={t('holidays.eyebrow')} title={t('holidays.title')} lead={t('holidays.lead')} />
      <div className="cat-page">
        {failed ? <LoadFailed onRetry={reload} /> : loading && !data ? <Loading /> : data && data.length ? (
          <div className="cat-grid">
            {data.map((h, i) => (
              <Card key={h.id} first={i === 0} href={`/holiday-details?id=${h.id}`} image={h.image_url}>
                <span className="muted"><ReaderText en={h.destination} ar={h.destination_ar} /></span>
                <strong className="cat-card-title"><ReaderText en={h.title} ar={h.title_ar} /></strong>
                <span className="muted">{t('holidays.duration', { nights: h.nights, days: h.days })}</span>
                <PriceFrom value={h.price} />
              </Card>
            ))}
          </div>
        ) : <Empty text={t('holidays.empty')} />}
      </div>
    </>
  );
}

export function HolidayDetails() {
  const { t } = useTranslation();
  const pick = useReaderText();
  const id = idFromQuery();
  const { data: h, loading, failed } = useRecordOf(id ? (signal) => getHoliday(id, signal).then((data) => ({ data })) : null, id ?? '');
  if (!id || failed) return <div className="cat-page"><Empty text={t('holidays.notFound')} /><Link href="/holidays" className="btn btn-secondary">{t('holidays.back')}</Link></div>;
  if (loading || !h) return <div className="cat-page"><Loading /></div>;
  return (
    <>
      <HeaderHero catalogue="holiday" eyebrow={<ReaderText en={h.destination} ar={h.destination_ar} />} title={<ReaderText en={h.title} ar={h.title_ar} />} lead={t('holidays.duration', { nights: h.nights, days: h.days })} />
      <div className="cat-page detail-layout">
        <article className="card detail-main">
          {h.image_url ? <img className="detail-img" src={h.image_url} alt="" width={1120} height={490} /> : null}
          <p className="detail-price"><span className="muted">{t('holidays.perPerson')}</span> <MoneyText value={h.price} /></p>
          {h.start_date ? <p className="muted">{t('holidays.validity')} <DateText value={h.start_date} /> – <DateText value={h.end_date} /></p> : null}
          <ReaderRich en={h.description} ar={h.description_ar} />
          {pick(h.inclusions, h.inclusions_ar).text ? <><h2>{t('catalogue.fields.inclusions')}</h2><ReaderRich en={h.inclusions} ar={h.inclusions_ar} /></> : null}
        </article>
        <aside><BookPackageCard kind="holiday" id={h.id} /><EnquiryForm source="holiday" itemId={h.id} title={t('holidays.enquire')} /></aside>
      </div>
    </>
  );
}
