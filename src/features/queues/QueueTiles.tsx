import { useTranslation } from 'react-i18next';
import type { QueueSummary } from '../../../contract/queues';
import { FigureCard, relativeTime } from '../shared/figures';
import { useRecordOf } from '../../ui/records';
import { queueSummaries } from './api';
import './queues.css';
import './strings';

/** The dashboards' small tiles: each queue's count, linking to that queue on the queue screen. */
export function QueueTiles({ base }: { base: '/admin/queues' | '/agent/queues' }) {
  const { t, i18n } = useTranslation();
  const list = useRecordOf<QueueSummary[]>(queueSummaries, 'queues');
  if (!list.data) return null;
  const now = new Date().toISOString();
  return (
    <section className="queue-tiles" aria-label={t('queues.title')}>
      {list.data.map((s) => (
        <FigureCard key={s.queue} testId={`queue-tile-${s.queue}`} href={`${base}?queue=${s.queue}`} label={t(`queues.name.${s.queue}`)} alert={s.count > 0}
          value={s.count} detail={s.oldest_deadline ? t('queues.nearest', { when: relativeTime(s.oldest_deadline, now, i18n.language) }) : null} />
      ))}
    </section>
  );
}
