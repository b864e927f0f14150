import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useAuthPending, useUser } from '../app/auth';
import { LANGUAGES, setLanguage } from '../i18n';
import { Icon } from '../ui/Icon';
import './Header.css';

const PUBLIC_NAV = [
  { to: '/', key: 'nav.flights' },
  { to: '/hotel/search', key: 'nav.hotels' },
  { to: '/visa', key: 'nav.visas' },
  { to: '/about/us', key: 'nav.about' },
  { to: '/contact/us', key: 'nav.contact' },
  // A guest reaches a booking by reference and email without the mail.
  { to: '/find-booking', key: 'nav.findBooking' },
] as const;

export function Logo() {
  return (
    <Link href="/" className="brand" aria-label="Safar">
      <span className="brand-mark" aria-hidden="true"><Icon name="plane" size={20} /></span>
      <span className="brand-name">Safar</span>
    </Link>
  );
}

/** The top bar of every layout. `area` shows which portal you are in; `onMenu` opens the side menu on phones. */
export function Header({ area, onMenu }: { area?: 'agent' | 'admin'; onMenu?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  return (
    <header className="topbar">
      <div className="topbar-inner">
        {onMenu ? (
          <button type="button" className="icon-btn only-mobile" onClick={onMenu} aria-label={t('nav.openMenu')}>
            <Icon name="menu" />
          </button>
        ) : null}
        <Logo />
        {area ? <span className="area-badge">{t(`nav.area.${area}`)}</span> : null}
        {!area ? (
          <>
            <button type="button" className="icon-btn only-mobile nav-toggle" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen((o) => !o)} aria-label={t('nav.openMenu')}>
              <Icon name="menu" />
            </button>
            <nav id="site-nav" className={open ? 'site-nav is-open' : 'site-nav'} aria-label={t('nav.main')}>
              {PUBLIC_NAV.map((item) => (
                <Link key={item.to} href={item.to} className={location === item.to ? 'nav-link is-active' : 'nav-link'} onClick={() => setOpen(false)}>
                  {t(item.key)}
                </Link>
              ))}
            </nav>
          </>
        ) : (
          <span className="spacer" />
        )}
        <div className="topbar-actions">
          {area === 'agent' ? <Suspense fallback={null}><WalletBalance /></Suspense> : null}
          {area ? <AreaBell /> : null}
          <LanguageSwitch />
          <Account />
        </div>
      </div>
    </header>
  );
}

export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  const other = LANGUAGES.find((l) => l.code !== i18n.language) ?? LANGUAGES[0];
  return (
    <button type="button" className="lang-switch" onClick={() => setLanguage(other.code)} lang={other.code} aria-label={t('nav.switchLanguage', { language: other.label })}>
      <Icon name="globe" size={18} />
      <span>{other.label}</span>
    </button>
  );
}

function Account() {
  const { t } = useTranslation();
  const user = useUser();
  const pending = useAuthPending();
  if (pending) return <span className="account-placeholder" aria-hidden="true" />;
  if (!user) {
    return (
      <div className="account-guest">
        <Link href="/auth/login" className="btn btn-ghost">{t('nav.login')}</Link>
        <Link href="/auth/register" className="btn btn-primary hide-mobile">{t('nav.register')}</Link>
      </div>
    );
  }
  return <Suspense fallback={<span className="account-placeholder" aria-hidden="true" />}><AccountMenu user={user} /></Suspense>;
}

/** The bell for whoever is signed in to the agent area or the back office (an unverified agent too: staff approvals reach it). */
function AreaBell() {
  const user = useUser();
  return user ? <Suspense fallback={<span className="icon-btn" aria-hidden="true" />}><Bell key={user.id} /></Suspense> : null;
}

/** React Aria's menu (~8 KB gzip) is for signed-in users only: a guest's first load does without it. */
const AccountMenu = lazy(() => import('./AccountMenu'));
/** The wallet and its machine are for agents only: a guest's first load does without them too. */
const WalletBalance = lazy(() => import('./WalletBalance').then((m) => ({ default: m.WalletBalance })));
/** The bell, its machine and its strings load with the agent and back-office layouts only. */
const Bell = lazy(() => import('../features/notifications/Bell'));
