import { AppRouter } from './Router';
import { useTranslation } from 'react-i18next';
import { Toasts } from '../ui/toast';

/**
 * The app's frame: a skip link, the routes, and toasts outside the routes so navigation keeps them. React Aria's
 * providers sit around its components instead (src/ui/aria.tsx).
 */
export function App() {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link">{t('common.skipToContent')}</a>
      <AppRouter />
      <Toasts />
    </>
  );
}
