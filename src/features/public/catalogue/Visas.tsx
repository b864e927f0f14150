import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../../ui/records';
import { arrivedVisas, listVisas, PAGE } from '../api';
import { countryName } from '../../../i18n/places';
import { Card, Empty, HeaderHero, Loading, LoadFailed, PriceFrom } from './shared';
import { ReaderText } from './localized';
import '../../../ui/form.css';

export default function Visas() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const { data, loading, failed, reload } = useRecordOf((signal) => listVisas({ ...PAGE, q: search || undefined }, signal), search, arrivedVisas(PAGE));
  return (
    <>
      <HeaderHero catalogue="visa" eyebrow={t('visas.eyebrow')} title={t('visas.title')} lead={t('visas.lead')}>
        <form className="hero-search" role="search" onSubmit={(e) => { e.preventDefault(); setSearch(q.trim()); }}>
          <input className="field-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('visas.searchPlaceholder')} aria-label={t('visas.searchPlaceholder')} />
          <button type="submit" className="btn btn-primary">{t('catalogue.searchAction')}</button>
        </form>
      </HeaderHero>
      <div className="cat-page">
        {failed ? <LoadFailed onRetry={reload} /> : loading && !data ? <Loading /> : data && data.length ? (
          <div className="cat-grid">
            {data.map((v, i) => (
              <Card key={v.id} first={i === 0} href={`/visa-details?id=${v.id}`} image={v.image_url} flag={v.flag_url}>
                <span className="cat-card-top">{v.flag_url ? <img className="flag-sm" src={v.flag_url} alt="" width={28} height={19} /> : null}<span className="muted">{countryName(v.country_code, i18n.language, v.country)}</span></span>
                <strong className="cat-card-title"><ReaderText en={v.title} ar={v.title_ar} /></strong>
                <span className="muted">{t(`visas.types.${v.visa_type}`)} · {v.processing_days != null ? t('visas.processingDays', { count: v.processing_days }) : t(`visas.entries.${v.entry}`)}</span>
                <PriceFrom value={v.price} />
              </Card>
            ))}
          </div>
        ) : <Empty text={t('visas.empty')} />}
      </div>
    </>
  );
}
