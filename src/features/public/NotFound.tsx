import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import './pages.css';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="card state-card not-found">
        <p className="not-found-code" aria-hidden="true">404</p>
        <h1>{t('notFound.title')}</h1>
        <p className="muted">{t('notFound.body')}</p>
        <Link href="/" className="btn btn-primary">{t('notFound.home')}</Link>
      </div>
    </div>
  );
}
