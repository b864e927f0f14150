import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { sendAuth, useAuthContext, useAuthPending } from '../../app/auth';
import { noticeText } from '../../ui/toast';
import { Icon } from '../../ui/Icon';
import { ResendButton } from './ResendButton';

/**
 * The emailed link lands here (/auth/verify-email?id=&expires=&signature=): verify once, then the
 * machine navigates to the success page; a bad or expired link shows why, with a way to get a new one.
 */
export default function VerifyEmail() {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const input = { id: search.get('id') ?? '', expires: search.get('expires') ?? '', signature: search.get('signature') ?? '' };
  const pending = useAuthPending();
  const { user, outcome } = useAuthContext();
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit, and only when the session is known (the link is single-purpose; StrictMode runs effects twice).
    if (pending || sent.current) return;
    sent.current = true;
    sendAuth({ type: 'VERIFY', input });
  }, [pending]); // eslint-disable-line react-hooks/exhaustive-deps

  const failed = outcome?.op === 'verify' && !outcome.ok ? outcome : null;
  if (!failed) {
    return (
      <div className="state-card">
        <span className="spinner spinner-lg" aria-hidden="true" />
        <h1>{t('auth.verifyEmail.title')}</h1>
        <p className="muted" role="status">{t('auth.verifyEmail.working')}</p>
      </div>
    );
  }
  return (
    <div className="state-card" role="alert">
      <Icon name="alert" size={36} className="state-icon state-icon-warn" />
      <h1>{t('auth.verifyEmail.failedTitle')}</h1>
      <p className="muted">{failed.notice ? noticeText(failed.notice) : t('errors.unexpected')}</p>
      {user ? (
        <ResendButton />
      ) : (
        <>
          <p className="muted">{t('auth.verifyEmail.loginToResend')}</p>
          <Link href="/auth/login" className="btn btn-primary">{t('nav.login')}</Link>
        </>
      )}
    </div>
  );
}
