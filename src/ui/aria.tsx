import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

import { ariaLocale } from './aria-locale';

/**
 * React Aria in the app's language and direction (not the browser's: popovers open at the reading start,
 * announcements are in Arabic), its links navigating through wouter. Around each React Aria tree rather than the
 * whole app: loading React Aria starts the browser's date and number library (~50 ms on a desktop, four times that
 * on a phone), which a page without such a component should not pay for before it can answer a tap.
 */
export function AriaScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <I18nProvider locale={ariaLocale(i18n.language)}>
      <RouterProvider navigate={(to) => navigate(to)}>{children}</RouterProvider>
    </I18nProvider>
  );
}
