import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import type { NoticePage } from '../../../contract/notifications';
import { notificationsMachine } from '../../../machines/notifications';
import { AriaScope } from '../../ui/aria';
import { formatDate } from '../../ui/format';
import { Icon } from '../../ui/Icon';
import { fetchNotices, fetchUnread, markAllNoticesRead, markNoticeRead } from './api';
import { noticeText } from './words';
import './strings';
import './Bell.css';

const machine = notificationsMachine.provide({
  actors: {
    fetchUnread: fromPromise<number, void>(({ signal }) => fetchUnread(signal)),
    fetchNotices: fromPromise<NoticePage, void>(({ signal }) => fetchNotices(signal)),
    markRead: fromPromise<number, { id: number }>(({ input, signal }) => markNoticeRead(input.id, signal)),
    markAllRead: fromPromise<string, void>(({ signal }) => markAllNoticesRead(signal)),
  },
});

/** The bell of the agent and back-office top bars: the unread figure, and the notices in a popover panel. */
export default function Bell() {
  const { t, i18n } = useTranslation();
  const [location] = useLocation();
  const bell = useActorRef(machine);
  const snap = useSelector(bell, (s) => s);
  const { unread, items } = snap.context;
  const open = ['loading', 'open', 'failed', 'markingAll'].some((p) => snap.matches({ panel: p as 'open' }));

  useEffect(() => {
    const seen = () => bell.send({ type: document.visibilityState === 'hidden' ? 'HIDDEN' : 'VISIBLE' });
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, [bell]);
  useEffect(() => { bell.send({ type: 'REFRESH' }); }, [location, bell]);

  const label = unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <AriaScope>
      <DialogTrigger isOpen={open} onOpenChange={(o) => bell.send({ type: o ? 'OPEN' : 'CLOSE' })}>
        <Button className="icon-btn bell-btn" aria-label={label} data-testid="bell">
          <Icon name="bell" size={20} />
          {unread ? <span className="bell-badge" aria-hidden="true" dir="ltr">{unread > 99 ? '99+' : unread}</span> : null}
        </Button>
        <Popover placement="bottom end" className="popover bell-popover" offset={6}>
          <Dialog className="bell-panel" aria-label={t('notifications.title')}>
            <div className="bell-head">
              <Heading slot="title" className="bell-title">{t('notifications.title')}</Heading>
              {snap.matches({ panel: 'open' }) && items.some((n) => !n.read_at) ? (
                <Button className="btn btn-ghost btn-sm" onPress={() => bell.send({ type: 'READ_ALL' })}>{t('notifications.markAll')}</Button>
              ) : null}
            </div>
            {snap.matches({ panel: 'loading' }) ? <p className="bell-note" role="status">{t('notifications.loading')}</p> : null}
            {snap.matches({ panel: 'failed' }) ? (
              <div className="bell-note" role="alert">
                {t('notifications.failed')} <Button className="btn btn-ghost btn-sm" onPress={() => bell.send({ type: 'RETRY' })}>{t('notifications.retry')}</Button>
              </div>
            ) : null}
            {!snap.matches({ panel: 'loading' }) && !snap.matches({ panel: 'failed' }) && items.length === 0 ? <p className="bell-note">{t('notifications.empty')}</p> : null}
            {items.length && !snap.matches({ panel: 'loading' }) && !snap.matches({ panel: 'failed' }) ? (
              <ul className="bell-list">
                {items.map((n) => (
                  <li key={n.id} className={n.read_at ? 'bell-item' : 'bell-item is-unread'}>
                    <Link href={n.link} className="bell-link" onClick={() => bell.send({ type: 'OPEN_NOTICE', id: n.id })}>
                      {n.read_at ? null : <span className="bell-dot" aria-hidden="true" />}
                      <span className="bell-text" dir="auto">
                        {n.read_at ? null : <span className="visually-hidden">{t('notifications.unread')}: </span>}
                        {noticeText(n, t, i18n.language)}
                      </span>
                      <time className="bell-time" dateTime={n.created_at}>{formatDate(n.created_at, i18n.language, true)}</time>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </AriaScope>
  );
}
