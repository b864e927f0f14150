import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useUser } from '../app/auth';
import { Header } from './Header';
import { Footer } from './Footer';

/** Signed in but not verified yet: a quiet reminder on public pages (customers may browse meanwhile). */
function VerifyBanner() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user || user.email_verified) return null;
  return (
    <div className="notice-bar" role="status">
      <span>{t('auth.notices.verifyBanner')}</span>
      <Link href="/verify-message" className="notice-bar-link">{t('auth.notices.verifyBannerAction')}</Link>
    </div>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout-public">
      <Header />
      <VerifyBanner />
      <main id="main" className="layout-main">{children}</main>
      <Footer />
    </div>
  );
}
