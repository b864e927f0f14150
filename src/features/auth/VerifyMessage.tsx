import { useTranslation } from 'react-i18next';
import { sendAuth, useUser } from '../../app/auth';
import { Icon } from '../../ui/Icon';
import { ResendButton } from './ResendButton';

/** Signed in, email not verified yet (the guard sends unverified agents here). */
export default function VerifyMessage() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <div className="state-card">
      <span className="state-icon-bubble"><Icon name="mail" size={30} /></span>
      <h1>{t('auth.verifyMessage.title')}</h1>
      <p className="muted">
        {t('auth.verifyMessage.sentTo')} <strong dir="ltr">{user?.email}</strong>
      </p>
      <p className="muted">{t('auth.verifyMessage.body')}</p>
      <div className="button-row">
        <ResendButton />
        <button type="button" className="btn btn-ghost" onClick={() => sendAuth({ type: 'LOGOUT' })}>{t('auth.verifyMessage.wrongAccount')}</button>
      </div>
    </div>
  );
}
