import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { Icon } from '../ui/Icon';
import './AuthLayout.css';

/** Sign-in and account screens: a brand panel beside one focused card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout layout-auth">
      <Header />
      <main id="main" className="auth-main">
        <aside className="auth-aside" aria-hidden="true">
          <div className="auth-aside-inner">
            <p className="eyebrow eyebrow-light">Safar</p>
            <h2 className="auth-aside-title">{t('auth.aside.title')}</h2>
            <ul className="auth-aside-list">
              <li><Icon name="plane" size={18} /> {t('auth.aside.point1')}</li>
              <li><Icon name="briefcase" size={18} /> {t('auth.aside.point2')}</li>
              <li><Icon name="shield" size={18} /> {t('auth.aside.point3')}</li>
            </ul>
          </div>
        </aside>
        <section className="auth-panel">
          <div className="auth-card card">{children}</div>
        </section>
      </main>
    </div>
  );
}
