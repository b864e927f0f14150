import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../../ui/records';
import { Link } from 'wouter';
import { FEATURED, listGroupTickets, listHolidays, listHomePromos, listUmrah, listVisas } from '../api';
import { FeaturedFlights } from './FeaturedFlights';
import { Card, PriceFrom, useLocalized } from './shared';
import { ReaderText } from './localized';
import { countryName } from '../../../i18n/places';

/** The home page's promo banners and featured visas, holidays, umrah packages and flights (mounted by the home page). */
export function FeaturedSections() {
  const { t, i18n } = useTranslation();
  const loc = useLocalized();
  const side = i18n.dir() === 'rtl' ? 'to left' : 'to right';
  const { data: promos } = useRecordOf((signal) => listHomePromos(signal).then((data) => ({ data })), '');
  const { data: visas } = useRecordOf((signal) => listVisas(FEATURED, signal), '');
  const { data: holidays } = useRecordOf((signal) => listHolidays(FEATURED, signal), '');
  const { data: umrah } = useRecordOf((signal) => listUmrah(FEATURED, signal), '');
  const { data: flights } = useRecordOf((signal) => listGroupTickets(signal, FEATURED), '');
  const [slide, setSlide] = useState(0);
  const banners = promos ?? [];
  useEffect(() => {
    if (banners.length < 2) return;
    const timer = setInterval(() => setSlide((n) => (n + 1) % banners.length), 7000);
    return () => clearInterval(timer);
  }, [banners.length]);
  const current = banners[slide % Math.max(1, banners.length)];
  return (
    <div className="featured" data-testid="featured-sections">
      {current ? (
        <section className="section promo-section" aria-label={t('catalogue.promotions')}>
          <div className="section-inner">
            <div id="promo-banner" role={banners.length > 1 ? 'tabpanel' : undefined} aria-label={loc(current.title, current.title_ar)}>
              <Link href={current.link ?? '/'} className="promo-banner" style={{ backgroundImage: `linear-gradient(${side}, rgba(7,40,45,.75), rgba(7,40,45,.1)), url(${current.url})` }}>
                <span className="promo-title">{loc(current.title, current.title_ar)}</span>
                <span className="btn btn-primary promo-cta">{t('catalogue.viewOffer')}</span>
              </Link>
            </div>
            {banners.length > 1 ? (
              <div className="promo-dots" role="tablist" aria-label={t('catalogue.promotions')}>
                {banners.map((b, i) => <button key={b.id} type="button" role="tab" aria-controls="promo-banner" aria-selected={i === slide % banners.length} aria-label={loc(b.title, b.title_ar) || String(i + 1)} className="promo-dot" onClick={() => setSlide(i)} />)}
              </div>
            ) : null}
          </div>
        </section>
      ) : null}
      {visas?.length ? (
        <section className="section">
          <div className="section-inner">
            <div className="featured-head"><h2 className="section-title">{t('catalogue.featuredVisas')}</h2><Link href="/visa" className="btn btn-ghost">{t('catalogue.seeAll')}</Link></div>
            <div className="cat-grid">
              {visas.map((v) => (
                <Card key={v.id} href={`/visa-details?id=${v.id}`} image={v.image_url} flag={v.flag_url}>
                  <span className="cat-card-top">{v.flag_url ? <img className="flag-sm" src={v.flag_url} alt="" width={28} height={19} /> : null}<span className="muted">{countryName(v.country_code, i18n.language, v.country)}</span></span>
                  <strong className="cat-card-title"><ReaderText en={v.title} ar={v.title_ar} /></strong>
                  <PriceFrom value={v.price} />
                </Card>
              ))}
            </div>
          </div>
        </section>
      ) : null}
      {holidays?.length ? (
        <section className="section section-alt">
          <div className="section-inner">
            <div className="featured-head"><h2 className="section-title">{t('catalogue.featuredHolidays')}</h2><Link href="/holidays" className="btn btn-ghost">{t('catalogue.seeAll')}</Link></div>
            <div className="cat-grid">
              {holidays.map((h) => (
                <Card key={h.id} href={`/holiday-details?id=${h.id}`} image={h.image_url}>
                  <span className="muted"><ReaderText en={h.destination} ar={h.destination_ar} /> · {t('holidays.duration', { nights: h.nights, days: h.days })}</span>
                  <strong className="cat-card-title"><ReaderText en={h.title} ar={h.title_ar} /></strong>
                  <PriceFrom value={h.price} />
                </Card>
              ))}
            </div>
          </div>
        </section>
      ) : null}
      {umrah?.length ? (
        <section className="section">
          <div className="section-inner">
            <div className="featured-head"><h2 className="section-title">{t('catalogue.featuredUmrah')}</h2><Link href="/umra-packages" className="btn btn-ghost">{t('catalogue.seeAll')}</Link></div>
            <div className="cat-grid">
              {umrah.map((p) => (
                <Card key={p.id} href={`/umrah-package-details?id=${p.id}`} image={p.image_url}>
                  <span className="muted">{t('umrah.days', { count: p.days })} · {'★'.repeat(p.hotel_stars)}</span>
                  <strong className="cat-card-title"><ReaderText en={p.title} ar={p.title_ar} /></strong>
                  <PriceFrom value={p.price_quad} />
                </Card>
              ))}
            </div>
          </div>
        </section>
      ) : null}
      {flights?.length ? <FeaturedFlights tickets={flights} /> : null}
    </div>
  );
}
