import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { findRoute } from './routes';

/** A details page opened without saying which: says where to choose one, with a link to that list. */
export function ChooseFromList({ list }: { list: string }) {
  const { t } = useTranslation();
  const name = t(findRoute(list).route.title);
  return (
    <section className="card state-card" data-testid="choose-from-list">
      <p>{t('common.chooseFromList', { list: name })}</p>
      <Link href={list} className="btn btn-primary">{t('common.openList', { list: name })}</Link>
    </section>
  );
}
