import { useTranslation } from 'react-i18next';
import type { DocumentLink } from './links';

/** Download links for a booking's documents (plain links: a download is not a flow). */
export function DocumentLinks({ links }: { links: DocumentLink[] }) {
  const { t } = useTranslation();
  return (
    <>
      {links.map((l) => (
        <a key={l.key} className="btn btn-secondary" href={l.href} download data-testid={l.testId}>{t(`downloads.${l.key}`)}</a>
      ))}
    </>
  );
}
