import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { sendAuth, useAuthContext } from '../../app/auth';

/** Asks for a new verification email; disabled while the request runs (one request per click). */
export function ResendButton() {
  const { t } = useTranslation();
  const { isLoading } = useAuthContext();
  return (
    <Button className="btn btn-primary" isDisabled={isLoading} isPending={isLoading} onPress={() => sendAuth({ type: 'RESEND' })}>
      {isLoading ? <span className="spinner" aria-hidden="true" /> : null}
      {t('auth.verifyMessage.resend')}
    </Button>
  );
}
