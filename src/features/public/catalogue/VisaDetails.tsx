import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../../ui/records';
import { Link } from 'wouter';
import { MoneyText } from '../../../ui/format';
import { getVisa } from '../api';
import { countryName } from '../../../i18n/places';
import { EnquiryForm } from './EnquiryForm';
import { Empty, HeaderHero, idFromQuery, Loading } from './shared';
import { ReaderRich, ReaderText, useReaderText } from './localized';

export default function VisaDetails() {
  const { t, i18n } = useTranslation();
  const pick = useReaderText();
  const id = idFromQuery();
  const { data: v, loading, failed } = useRecordOf(id ? (signal) => getVisa(id, signal).then((data) => ({ data })) : null, id ?? '');
  if (!id || failed) return <div className="cat-page"><Empty text={t('visas.notFound')} /><Link href="/visa" className="btn btn-secondary">{t('visas.back')}</Link></div>;
  if (loading || !v) return <div className="cat-page"><Loading /></div>;
  const country = countryName(v.country_code, i18n.language, v.country);
  return (
    <>
      <HeaderHero catalogue="visa" eyebrow={country} title={<ReaderText en={v.title} ar={v.title_ar} />} />
      <div className="cat-page detail-layout">
        <article className="card detail-main">
          <div className="detail-head">
            {v.flag_url ? <img className="flag-lg" src={v.flag_url} alt={t('visas.flagOf', { country })} width={72} height={48} /> : null}
            <div>
              <p className="muted">{t(`visas.types.${v.visa_type}`)}</p>
              <p className="detail-price"><MoneyText value={v.price} /></p>
            </div>
          </div>
          <dl className="facts">
            <div><dt>{t('catalogue.fields.processing_days')}</dt><dd>{v.processing_days ?? '—'}</dd></div>
            <div><dt>{t('catalogue.fields.validity_days')}</dt><dd>{v.validity_days ?? '—'}</dd></div>
            <div><dt>{t('catalogue.fields.stay_days')}</dt><dd>{v.stay_days ?? '—'}</dd></div>
            <div><dt>{t('catalogue.fields.entry')}</dt><dd>{t(`visas.entries.${v.entry}`)}</dd></div>
          </dl>
          <ReaderRich en={v.description} ar={v.description_ar} />
          {pick(v.requirements, v.requirements_ar).text ? <><h2>{t('catalogue.fields.requirements')}</h2><ReaderRich en={v.requirements} ar={v.requirements_ar} /></> : null}
        </article>
        <aside>
          <div className="card detail-apply">
            <p>{t('visas.applyLead')}</p>
            <Link href={`/visa-apply?id=${v.id}`} className="btn btn-primary" data-testid="visa-apply-online">{t('visas.applyOnline')}</Link>
          </div>
          <EnquiryForm source="visa" itemId={v.id} title={t('visas.apply')} />
        </aside>
      </div>
    </>
  );
}
