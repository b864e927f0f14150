import { Header as MenuHeader, MenuItem, MenuSection } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { formatFromNow } from '../../../../contract/format/time';
import { Icon } from '../../../ui/Icon';
import { useNow } from '../../../ui/format';
import { sendSupport, useSupportSession } from './support-session';
import './support.css';

/**
 * The account menu's support session entry: start one, and while it is open its code to read out, the time left,
 * whether support has joined, and the way to end it. The chip beside the menu's button keeps the code in sight.
 */
export function SupportMenuSection() {
  const { t, i18n } = useTranslation();
  const snapshot = useSupportSession();
  const now = useNow(15_000);
  const session = snapshot.context.session;
  if (snapshot.matches('open') && session) {
    return (
      <MenuSection>
        <MenuHeader className="menu-header support-menu-header" data-testid="support-menu">
          <span>{t('support.codeLabel')} <strong className="support-code" dir="ltr" data-testid="support-code">{session.code}</strong></span>
          <span className="menu-header-meta">{snapshot.matches({ open: 'joined' }) ? t('support.joined') : t('support.waiting')}</span>
          <span className="menu-header-meta">{t('support.endsIn', { when: formatFromNow(session.expires_at, now, i18n.language) })}</span>
        </MenuHeader>
        <MenuItem className="menu-item" onAction={() => sendSupport({ type: 'END' })}>
          <Icon name="close" size={18} />
          {t('support.end')}
        </MenuItem>
      </MenuSection>
    );
  }
  return (
    <MenuItem className="menu-item" isDisabled={!snapshot.can({ type: 'START' })} onAction={() => sendSupport({ type: 'START' })}>
      <Icon name="users" size={18} />
      {snapshot.matches('starting') || snapshot.matches('ending') ? t('support.starting') : t('support.start')}
    </MenuItem>
  );
}

/** Beside the account button: the code while a session is open, its end until dismissed. */
export function SupportChip() {
  const { t } = useTranslation();
  const snapshot = useSupportSession();
  const session = snapshot.context.session;
  if (snapshot.matches('open') && session) {
    const joined = snapshot.matches({ open: 'joined' });
    return (
      <span className={`support-chip${joined ? ' is-joined' : ''}`} role="status" data-testid="support-chip" data-status={session.status}>
        <Icon name="users" size={16} />
        <span className="hide-mobile">{joined ? t('support.chipJoined') : t('support.chip')}</span>
        <strong dir="ltr">{session.code}</strong>
      </span>
    );
  }
  if (snapshot.matches('ended')) {
    return (
      <span className="support-chip is-ended" role="status" data-testid="support-chip" data-status="ended">
        <span>{t('support.chipEnded')}</span>
        <button type="button" className="support-chip-close" aria-label={t('support.dismiss')} onClick={() => sendSupport({ type: 'DISMISS' })}>
          <Icon name="close" size={14} />
        </button>
      </span>
    );
  }
  return null;
}
