import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFromNow } from '../../../../contract/format/time';
import { useNow } from '../../../ui/format';
import { noticeText } from '../../../ui/toast';
import { isolate, supportFollowActor, useSupportFollow } from './support-follow';
import './support.css';

/**
 * The live panel's support session: the code the user reads out, then whose session is followed and until when,
 * with the way to end it; a refusal stays in place and nothing of that user is shown.
 */
export function SupportFollow() {
  const { t, i18n } = useTranslation();
  const snapshot = useSupportFollow();
  const send = supportFollowActor().send;
  const now = useNow(15_000);
  const [code, setCode] = useState('');
  const { session, failure } = snapshot.context;

  if ((snapshot.matches('following') || snapshot.matches('leaving')) && session) {
    return (
      <div className="support-follow" data-testid="support-follow" data-status="joined">
        <span role="status">{t('support.following', { role: t(`roles.${session.user.role}`), name: isolate(session.user.name) })}</span>
        <span className="muted">{t('support.endsIn', { when: formatFromNow(session.expires_at, now, i18n.language) })}</span>
        <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'LEAVE' })} disabled={snapshot.matches('leaving')}>{t('support.end')}</button>
      </div>
    );
  }
  if (snapshot.matches('ended') && session) {
    return (
      <div className="support-follow" data-testid="support-follow" data-status="ended">
        <span role="status">{t(`support.over.${session.ended ?? 'lost'}`, { role: t(`roles.${session.user.role}`), name: isolate(session.user.name) })}</span>
        <button type="button" className="btn btn-secondary" onClick={() => send({ type: 'DISMISS' })}>{t('support.dismiss')}</button>
      </div>
    );
  }
  const join = (e: React.FormEvent) => {
    e.preventDefault();
    if (code.trim()) send({ type: 'JOIN', code });
  };
  return (
    <form className="support-join" onSubmit={join} data-testid="support-join">
      <div>
        <label className="field-label" htmlFor="support-code">{t('support.codeField')}</label>
        <input id="support-code" className="field-input" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" spellCheck={false}
          maxLength={12} dir="ltr" aria-describedby={failure ? 'support-refusal' : 'support-hint'} aria-invalid={failure ? true : undefined} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={snapshot.matches('joining')}>{snapshot.matches('joining') ? t('support.joining') : t('support.join')}</button>
      {failure?.notice
        ? <p id="support-refusal" className="support-refusal" role="alert" data-testid="support-refusal">{noticeText(failure.notice)}</p>
        : <p id="support-hint" className="muted">{t('support.hint')}</p>}
    </form>
  );
}
