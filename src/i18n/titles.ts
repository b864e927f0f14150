import { useTranslation } from 'react-i18next';

/**
 * A passenger's or guest's title in the reader's language ("MR" or "Mr" → "السيد"). Bookings store titles in
 * either case, as each form and supplier wrote them; the dictionary (always loaded) names them once.
 */
export function useTitleText(): (title: string | null | undefined) => string {
  const { t } = useTranslation();
  return (title) => {
    if (!title) return '';
    const key = title.charAt(0).toUpperCase() + title.slice(1).toLowerCase();
    return t(`travellers.titles.${key}`, { defaultValue: title });
  };
}
