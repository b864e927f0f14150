import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { landing } from '../../../machines/guard';
import { useUser } from '../../app/auth';
import { Icon } from '../../ui/Icon';

export default function EmailSuccess() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <div className="state-card">
      <span className="state-icon-bubble state-icon-bubble-ok"><Icon name="check" size={30} /></span>
      <h1>{t('auth.emailSuccess.title')}</h1>
      <p className="muted">{t('auth.emailSuccess.body')}</p>
      {user ? (
        <Link href={landing(user)} className="btn btn-primary">{t('auth.emailSuccess.continue')}</Link>
      ) : (
        <Link href="/auth/login" className="btn btn-primary">{t('nav.login')}</Link>
      )}
    </div>
  );
}
