import { intlLocale } from '../i18n/intl-locale';

/** React Aria's locale for the app's language: Arabic with Latin digits, as the rest of the app writes them. */
export const ariaLocale = (language: string) => intlLocale(language);
