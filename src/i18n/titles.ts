import { useTranslation } from 'react-i18next';
import { titleText } from '../../contract/titles';

/**
 * A passenger's or guest's title before a name, in the reader's language ("MR" or "Mr" → "السيد"), as the
 * documents and mails write it (contract/titles). Bookings store titles in either case, as each form and supplier
 * wrote them. A form's choices are the locale files' (travellers.titles), which may say more ("الآنسة/السيدة").
 */
export function useTitleText(): (title: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return (title) => (title ? titleText(title, i18n.language) : '');
}
