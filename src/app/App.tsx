import { RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { AppRouter } from './Router';
import { useTranslation } from 'react-i18next';
import { Toasts } from '../ui/toast';

/** Providers: react-aria links navigate through wouter; toasts live outside the routes so navigation keeps them. */
export function App() {
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  return (
    <RouterProvider navigate={(to) => navigate(to)}>
      <a href="#main" className="skip-link">{t('common.skipToContent')}</a>
      <AppRouter />
      <Toasts />
    </RouterProvider>
  );
}
