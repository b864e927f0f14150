import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../../ui/records';
import { Link } from 'wouter';
import { DateText, MoneyText } from '../../../ui/format';
import { getUmrah, listUmrah, PAGE } from '../api';
import { EnquiryForm } from './EnquiryForm';
import { BookPackageCard } from '../../package-bookings/BookButton';
import '../../package-bookings/package-bookings.css';
import { Card, Empty, HeaderHero, idFromQuery, Loading, LoadFailed, PriceFrom } from './shared';
import { ReaderRich, ReaderText } from './localized';

const stars = (n: number) => '★'.repeat(n);

export default function UmrahPackages() {
  const { t } = useTranslation();
  const { data, loading, failed, reload } = useRecordOf((signal) => listUmrah(PAGE, signal), '');
  return (
    <>
      <HeaderHero catalogue="umrah" eyebrow={t('umrah.eyebrow')} title={t('umrah.title')} lead={t('umrah.lead')} />
      <div className="cat-page">
        {failed ? <LoadFailed onRetry={reload} /> : loading && !data ? <Loading /> : data && data.length ? (
          <div className="cat-grid">
            {data.map((p, i) => (
              <Card key={p.id} first={i === 0} href={`/umrah-package-details?id=${p.id}`} image={p.image_url}>
                <span className="muted"><span className="stars" aria-label={t('umrah.stars', { count: p.hotel_stars })}>{stars(p.hotel_stars)}</span> · {t('umrah.days', { count: p.days })}</span>
                <strong className="cat-card-title"><ReaderText en={p.title} ar={p.title_ar} /></strong>
                <span className="muted">{t('umrah.nightsIn', { makkah: p.makkah_nights, madinah: p.madinah_nights })}</span>
                <PriceFrom value={p.price_quad} />
              </Card>
            ))}
          </div>
        ) : <Empty text={t('umrah.empty')} />}
      </div>
    </>
  );
}

export function UmrahDetails() {
  const { t } = useTranslation();
  const id = idFromQuery();
  const { data: p, loading, failed } = useRecordOf(id ? (signal) => getUmrah(id, signal).then((data) => ({ data })) : null, id ?? '');
  if (!id || failed) return <div className="cat-page"><Empty text={t('umrah.notFound')} /><Link href="/umra-packages" className="btn btn-secondary">{t('umrah.back')}</Link></div>;
  if (loading || !p) return <div className="cat-page"><Loading /></div>;
  const includes = (['visa', 'flights', 'transport'] as const).filter((k) => p[`includes_${k}`]);
  return (
    <>
      <HeaderHero catalogue="umrah" eyebrow={t('umrah.days', { count: p.days })} title={<ReaderText en={p.title} ar={p.title_ar} />} />
      <div className="cat-page detail-layout">
        <article className="card detail-main">
          <dl className="facts">
            <div><dt>{t('catalogue.fields.makkah_hotel')}</dt><dd><ReaderText en={p.makkah_hotel} ar={p.makkah_hotel_ar} /> <span className="muted">({t('umrah.nights', { count: p.makkah_nights })})</span></dd></div>
            <div><dt>{t('catalogue.fields.madinah_hotel')}</dt><dd><ReaderText en={p.madinah_hotel} ar={p.madinah_hotel_ar} /> <span className="muted">({t('umrah.nights', { count: p.madinah_nights })})</span></dd></div>
            <div><dt>{t('catalogue.fields.hotel_stars')}</dt><dd className="stars">{stars(p.hotel_stars)}</dd></div>
            <div><dt>{t('catalogue.fields.departure_date')}</dt><dd>{p.departure_city ? <ReaderText en={p.departure_city} ar={p.departure_city_ar} /> : '—'} · <DateText value={p.departure_date} /></dd></div>
          </dl>
          <table className="table sharing">
            <caption>{t('umrah.sharing')}</caption>
            <tbody>
              <tr><th scope="row">{t('umrah.quad')}</th><td className="num"><MoneyText value={p.price_quad} /></td></tr>
              {p.price_triple ? <tr><th scope="row">{t('umrah.triple')}</th><td className="num"><MoneyText value={p.price_triple} /></td></tr> : null}
              {p.price_double ? <tr><th scope="row">{t('umrah.double')}</th><td className="num"><MoneyText value={p.price_double} /></td></tr> : null}
            </tbody>
          </table>
          {includes.length ? <p className="chips">{includes.map((k) => <span key={k} className="badge badge-approved">{t(`umrah.includes.${k}`)}</span>)}</p> : null}
          <ReaderRich en={p.description} ar={p.description_ar} />
        </article>
        <aside><BookPackageCard kind="umrah" id={p.id} /><EnquiryForm source="umrah" itemId={p.id} title={t('umrah.enquire')} /></aside>
      </div>
    </>
  );
}
