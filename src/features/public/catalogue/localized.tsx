import { useTranslation } from 'react-i18next';
import { RichView } from '../../catalogue/RichText';

/**
 * An item's own text (a title, a hotel's name, a description) in the reader's language: on Arabic pages its Arabic
 * when it has some, else its English. English shown on an Arabic page is marked as English, so it runs left to right
 * inside the right-to-left page and a screen reader speaks it as English.
 */
export function useReaderText() {
  const { i18n } = useTranslation();
  const arabicPage = i18n.language === 'ar';
  return (en: string, ar: string | null | undefined) =>
    arabicPage && ar?.trim() ? { text: ar, english: false } : { text: en, english: arabicPage };
}

/** Plain text: a name, a title. */
export function ReaderText({ en, ar }: { en: string; ar: string | null | undefined }) {
  const { text, english } = useReaderText()(en, ar);
  return english ? <span lang="en" dir="ltr">{text}</span> : <>{text}</>;
}

/** Stored rich text (sanitised HTML); nothing when the chosen text is empty. */
export function ReaderRich({ en, ar }: { en: string; ar: string | null | undefined }) {
  const { text, english } = useReaderText()(en, ar);
  return english ? <RichView html={text} lang="en" dir="ltr" /> : <RichView html={text} />;
}
