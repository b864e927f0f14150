import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../ui/Icon';
import { FlightSearchForm } from '../flights/SearchForm';
import { WhenNear } from '../../ui/when-near';
import './home.css';

const whenIdle = () => new Promise((idle) => (self.requestIdleCallback ?? setTimeout)(idle));
/**
 * Featured hotels: a chunk of their own, asked for once the page is idle and the reader is near them (on a phone,
 * after some scrolling), into a box of fixed height (home.css), so they add nothing to the first load and move
 * nothing when they come.
 */
const FeaturedHotels = lazy(() => whenIdle().then(() => import('../hotels/FeaturedHotels')));
/**
 * The promotions and featured visas, holidays, umrah packages and flights, below the explore grid: each section
 * appears once its list has come, so their code can come when the page is idle too (4 KB less on the first load),
 * and on a phone only once the reader scrolls towards them: rendering them and the hotels with the page took
 * more than half of its main-thread work (Lighthouse's mobile blocking time 1,200 ms with them, 460 without).
 */
const FeaturedSections = lazy(() => whenIdle().then(() => import('./catalogue/FeaturedSections').then((m) => ({ default: m.FeaturedSections }))));

/** Explore grid: the catalogue areas of the public site. */
const SERVICES: { to: string; key: string; icon: IconName }[] = [
  { to: '/visa', key: 'visas', icon: 'passport' },
  { to: '/holidays', key: 'holidays', icon: 'sun' },
  { to: '/umra-packages', key: 'umrah', icon: 'moon' },
  { to: '/group-tickets-main', key: 'groups', icon: 'users' },
  { to: '/travel-insurance', key: 'insurance', icon: 'shield' },
  { to: '/hotel/search', key: 'hotels', icon: 'hotel' },
];

export default function Home() {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <p className="eyebrow eyebrow-light">{t('home.eyebrow')}</p>
          <h1 className="hero-title">{t('home.heroTitle')}</h1>
          <p className="hero-lead">{t('home.heroLead')}</p>

          <div className="search-card card">
            {/* Hotels and visas are pages of their own: these are links, the current one marked, not tabs. */}
            <nav className="search-tabs" aria-label={t('home.tabs.label')}>
              <Link href="/" className="search-tab is-active" aria-current="page">
                <Icon name="plane" size={18} /> {t('home.tabs.flights')}
              </Link>
              <Link href="/hotel/search" className="search-tab">
                <Icon name="hotel" size={18} /> {t('home.tabs.hotels')}
              </Link>
              <Link href="/visa" className="search-tab">
                <Icon name="passport" size={18} /> {t('home.tabs.visas')}
              </Link>
            </nav>
            <div className="search-panel" data-slot="flight-search">
              <h2 className="search-panel-title">{t('home.flights.title')}</h2>
              <FlightSearchForm />
            </div>
          </div>
        </div>
      </section>

      <section className="section">
        <div className="section-inner">
          <h2 className="section-title">{t('home.explore.title')}</h2>
          <p className="section-lead">{t('home.explore.lead')}</p>
          <div className="service-grid">
            {SERVICES.map((s) => (
              <Link key={s.key} href={s.to} className="service-card card">
                <span className="service-icon"><Icon name={s.icon} size={22} /></span>
                <span className="service-name">{t(`home.explore.${s.key}.name`)}</span>
                <span className="service-text">{t(`home.explore.${s.key}.text`)}</span>
              </Link>
            ))}
          </div>
        </div>
      </section>

      <WhenNear><Suspense fallback={null}><FeaturedSections /></Suspense></WhenNear>

      <section className="section featured-hotels">
        <WhenNear className="section-inner featured-hotels-box"><Suspense fallback={null}><FeaturedHotels /></Suspense></WhenNear>
      </section>

      <section className="section section-alt">
        <div className="section-inner why-grid">
          {(['prices', 'support', 'secure'] as const).map((k) => (
            <div key={k} className="why-item">
              <span className="why-icon"><Icon name={k === 'prices' ? 'check' : k === 'support' ? 'phone' : 'shield'} size={20} /></span>
              <h3>{t(`home.why.${k}.title`)}</h3>
              <p className="muted">{t(`home.why.${k}.text`)}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="section">
        <div className="section-inner">
          <div className="agent-cta card">
            <div>
              <h2>{t('home.agents.title')}</h2>
              <p className="muted">{t('home.agents.text')}</p>
            </div>
            <Link href="/auth/agent/register" className="btn btn-primary">
              {t('home.agents.action')} <Icon name="arrow" size={18} className="flip-rtl" />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
