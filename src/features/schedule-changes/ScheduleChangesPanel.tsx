import { useTranslation } from 'react-i18next';
import { useRecordOf } from '../../ui/records';
import { listScheduleChanges } from './api';
import { ChangeCard } from './ChangeCard';
import './schedule-changes.css';
import './strings';

/**
 * The airline's changes to a booking's flights, on the owner's booking page (My trips, the agent's booking): each
 * unanswered one with its answers, the answered ones as a line each. Nothing shows when the airline changed nothing.
 */
export function ScheduleChangesPanel({ pnr, onReload }: { pnr: string; onReload: () => void }) {
  const { t } = useTranslation();
  const list = useRecordOf(listScheduleChanges(pnr), pnr);
  const changes = list.data ?? [];
  const open = changes.filter((c) => c.answer === null);
  const done = changes.filter((c) => c.answer !== null && c.answer !== 'superseded');
  if (!open.length && !done.length) return null;
  const reload = () => { list.reload(); onReload(); };
  return (
    <section className="card sc-panel" aria-labelledby="sc-title" data-testid="schedule-changes">
      <h2 id="sc-title">{t('scheduleChanges.title')}</h2>
      {open.length ? <p className="sc-intro">{t('scheduleChanges.intro')}</p> : null}
      {open.map((c) => <ChangeCard key={c.id} pnr={pnr} change={c} onReload={reload} />)}
      {done.map((c) => (
        <p key={c.id} className="muted" data-testid="schedule-change-answered">
          <bdi dir="ltr">{c.old_segment.flight_number}</bdi> · {t(`scheduleChanges.answer.${c.answer}`)}
        </p>
      ))}
    </section>
  );
}
