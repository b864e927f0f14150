import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ScheduleChangeRow } from '../../../contract/schedule-changes';
import { formatLocal } from '../../../contract/format/time';
import { PageHeader } from '../../ui/page';
import { SelectInput } from '../../ui/fields';
import { DataTable, type Column } from '../../ui/table';
import { DateText } from '../../ui/format';
import { useRecordOf } from '../../ui/records';
import { scheduleChangeWorklist } from './api';
import { ChangeCard } from './ChangeCard';
import '../bookings/bookings.css';
import './schedule-changes.css';
import './strings';

const detailsLink = (r: ScheduleChangeRow) =>
  (r.channel === 'agent' ? `/admin/booking-details?id=${r.booking_id}` : r.channel === 'staff' ? `/admin/direct-booking-details?id=${r.booking_id}` : `/admin/customer-booking-details?id=${r.booking_id}`);

/**
 * Staff's worklist: bookings whose owner has not yet answered an airline's change, oldest first. Staff who manage
 * bookings (the only staff the list answers) may answer one for its owner: the owner's card, below the list.
 */
export function ScheduleChangeWorklist() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('unanswered');
  const list = useRecordOf(scheduleChangeWorklist(status), status);
  const [answering, setAnswering] = useState<ScheduleChangeRow | null>(null);
  const columns: Column<ScheduleChangeRow>[] = [
    { key: 'pnr', label: t('scheduleChanges.list.booking'), render: (r) => <><Link href={detailsLink(r)} className="bk-pnr"><bdi dir="ltr">{r.pnr}</bdi></Link><span className="bk-sub">{r.owner}</span></> },
    { key: 'route', label: t('scheduleChanges.list.route'), render: (r) => <bdi dir="ltr">{r.route}</bdi> },
    {
      key: 'flight', label: t('scheduleChanges.list.flight'),
      render: (r) => <><bdi dir="ltr">{r.old_segment.flight_number}</bdi> <span className="bk-sub">{formatLocal(r.old_segment.departure_at, i18n.language)}</span></>,
    },
    {
      key: 'change', label: t('scheduleChanges.list.change'),
      render: (r) => (r.new_segment
        ? <><bdi dir="ltr">{r.new_segment.flight_number}</bdi> <span className="bk-sub">{formatLocal(r.new_segment.departure_at, i18n.language)}</span></>
        : <span className="sc-canceled">{t('scheduleChanges.list.canceled')}</span>),
    },
    { key: 'created', label: t('scheduleChanges.list.created'), render: (r) => <DateText value={r.created_at} /> },
    {
      key: 'answer', label: t('scheduleChanges.list.answer'),
      render: (r) => (r.answer ? t(`scheduleChanges.answer.${r.answer}`) : (
        <>
          <span className="bk-sub">{t('scheduleChanges.list.waiting')}</span>{' '}
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setAnswering(r)} aria-pressed={answering?.id === r.id}
            data-action="schedule-answer-for-owner">{t('scheduleChanges.list.answerFor')}</button>
        </>
      )),
    },
  ];
  return (
    <section>
      <PageHeader title={t('scheduleChanges.list.title')} subtitle={t('scheduleChanges.list.subtitle')} />
      <div className="bk-row">
        <SelectInput name="status" label={t('scheduleChanges.list.show')} value={status} onChange={setStatus}
          options={['unanswered', 'answered', 'all'].map((s) => ({ value: s, label: t(`scheduleChanges.list.status.${s}`) }))} />
      </div>
      {list.failed ? <p className="field-error" role="alert">{t('scheduleChanges.failed')} <button type="button" className="btn btn-ghost" onClick={list.reload}>{t('common.retry')}</button></p> : null}
      <DataTable caption={t('scheduleChanges.list.title')} rows={list.data} loading={list.loading} columns={columns} empty={t('scheduleChanges.list.empty')} />
      {answering ? (
        <section className="card sc-panel" aria-labelledby="sc-answer-title" data-testid="schedule-change-answer-panel">
          <h2 id="sc-answer-title"><bdi dir="ltr">{answering.pnr}</bdi> · <bdi dir="ltr">{answering.route}</bdi></h2>
          {/* Keyed by change: another row starts a fresh answer, never one half-given for the previous. */}
          <ChangeCard key={answering.id} pnr={answering.pnr} change={answering} owner={answering.owner} onReload={list.reload} />
          <button type="button" className="btn btn-ghost" onClick={() => setAnswering(null)}>{t('scheduleChanges.list.close')}</button>
        </section>
      ) : null}
    </section>
  );
}
