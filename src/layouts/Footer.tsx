import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Logo } from './Header';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <Logo />
          <p className="muted">{t('footer.tagline')}</p>
        </div>
        <nav className="footer-links" aria-label={t('footer.company')}>
          <h2 className="footer-title">{t('footer.company')}</h2>
          <Link href="/about/us">{t('nav.about')}</Link>
          <Link href="/contact/us">{t('nav.contact')}</Link>
          <Link href="/auth/agent/register">{t('footer.becomeAgent')}</Link>
        </nav>
        <nav className="footer-links" aria-label={t('footer.travel')}>
          <h2 className="footer-title">{t('footer.travel')}</h2>
          <Link href="/">{t('nav.flights')}</Link>
          <Link href="/hotel/search">{t('nav.hotels')}</Link>
          <Link href="/visa">{t('nav.visas')}</Link>
          <Link href="/find-booking">{t('nav.findBooking')}</Link>
        </nav>
      </div>
      <div className="footer-bottom">{t('footer.rights', { year })}</div>
    </footer>
  );
}
