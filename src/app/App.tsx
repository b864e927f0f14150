import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { AppRouter } from './Router';
import { useTranslation } from 'react-i18next';
import { Toasts } from '../ui/toast';

/**
 * Providers: react-aria links navigate through wouter, and its components speak the app's language and direction
 * (not the browser's: popovers open at the reading start, announcements are in Arabic); toasts live outside the
 * routes so navigation keeps them.
 */
export function App() {
  const [, navigate] = useLocation();
  const { t, i18n } = useTranslation();
  return (
    <I18nProvider locale={i18n.language === 'ar' ? 'ar-u-nu-latn' : 'en-US'}>
      <RouterProvider navigate={(to) => navigate(to)}>
        <a href="#main" className="skip-link">{t('common.skipToContent')}</a>
        <AppRouter />
        <Toasts />
      </RouterProvider>
    </I18nProvider>
  );
}
