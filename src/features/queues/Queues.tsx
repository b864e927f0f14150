import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { QUEUES, type QueueName, type QueueRow } from '../../../contract/queues';
import { queueWorklistMachine } from '../../../machines/queue-worklist';
import { PageHeader } from '../../ui/page';
import { DataTable, type Column } from '../../ui/table';
import { Deadline } from '../../ui/format';
import { useMachineScreen } from '../../ui/machines';
import { queueActors } from './api';
import '../bookings/bookings.css';
import './queues.css';
import './strings';

const isQueue = (q: string | null): q is QueueName => (QUEUES as readonly string[]).includes(q ?? '');

/**
 * /admin/queues and /agent/queues: bookings needing action before a deadline, one tab per queue with its count.
 * Each row links to the booking's page, where the action that clears it lives; coming back loads the queue again.
 */
export default function QueuesScreen() {
  const { t } = useTranslation();
  const asked = new URLSearchParams(useSearch()).get('queue');
  const [snap, send] = useMachineScreen(queueWorklistMachine, { actors: queueActors, input: { queue: isQueue(asked) ? asked : undefined } });
  const { queue, summaries, rows, failed } = snap.context;

  // Back from a booking's page (another tab, say): what was done there may have cleared rows here.
  useEffect(() => {
    const again = () => { if (document.visibilityState === 'visible') send({ type: 'REFRESH' }); };
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [send]);

  const choose = (q: QueueName) => {
    send({ type: 'SELECT', queue: q });
    navigate(`${window.location.pathname}?queue=${q}`, { replace: true });
  };
  const countOf = (q: QueueName) => summaries.find((s) => s.queue === q)?.count;
  const columns: Column<QueueRow & { id: number }>[] = [
    { key: 'pnr', label: t('queues.col.booking'), render: (r) => <><Link href={r.link} className="bk-pnr"><bdi dir="ltr">{r.pnr}</bdi></Link><span className="bk-sub">{r.who}</span></> },
    { key: 'route', label: t('queues.col.route'), render: (r) => <bdi dir="ltr">{r.route}</bdi> },
    { key: 'why', label: t('queues.col.why'), render: (r) => t(`queues.reason.${r.reason}`) },
    { key: 'deadline', label: t('queues.col.deadline'), render: (r) => (r.deadline ? <Deadline at={r.deadline} /> : <span className="muted">{t('queues.noDeadline')}</span>) },
    { key: 'action', label: t('queues.col.action'), render: (r) => <Link href={r.link} className="btn btn-small btn-secondary" data-action={`queue-${r.action}`}>{t(`queues.action.${r.action}`)}</Link> },
  ];
  return (
    <section className="queues">
      <PageHeader title={t('queues.title')} subtitle={t('queues.subtitle')} />
      <div className="queue-tabs" role="tablist" aria-label={t('queues.title')}>
        {QUEUES.map((q) => (
          <button key={q} type="button" role="tab" id={`queue-tab-${q}`} aria-selected={q === queue} aria-controls="queue-panel"
            className={`queue-tab${q === queue ? ' queue-tab-on' : ''}`} onClick={() => choose(q)} data-testid={`queue-tab-${q}`}>
            <span>{t(`queues.name.${q}`)}</span>
            <span className={`queue-count${countOf(q) ? ' queue-count-due' : ''}`}>{countOf(q) ?? '—'}</span>
          </button>
        ))}
      </div>
      <div id="queue-panel" role="tabpanel" aria-labelledby={`queue-tab-${queue}`}>
        <div className="queue-bar">
          <p className="muted">{t(`queues.about.${queue}`)}</p>
          <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'REFRESH' })} disabled={snap.matches('loading')}>{t('queues.refresh')}</button>
        </div>
        {failed ? <p className="field-error" role="alert">{t('queues.failed')} <button type="button" className="btn btn-ghost" onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</button></p> : null}
        <DataTable caption={t(`queues.name.${queue}`)} rows={snap.matches('loading') && !rows.length ? null : rows.map((r) => ({ ...r, id: r.booking_id }))}
          loading={snap.matches('loading')} columns={columns} empty={t('queues.empty')} />
      </div>
    </section>
  );
}
