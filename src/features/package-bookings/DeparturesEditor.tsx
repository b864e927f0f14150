import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { PackageDeparture, PackageKind, PackageOffer } from '../../../contract/package-bookings';
import { translateServer } from '../../i18n';
import { Alert } from '../../ui/alert';
import { formatDate } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { useRecord, useRecordOf } from '../../ui/records';
import { listHolidays, listUmrah, PAGE } from '../public/api';
import { deleteDeparture, loadPackageOffer, saveDeparture } from './api';
import '../../ui/form.css';
import './package-bookings.css';
import './strings';

type Draft = { departure_date: string; seats_total: string };

/**
 * /admin/package-departures: staff choose a holiday or umrah package, then keep its departures: a date and its
 * seats (the seats already booked stay booked, so the server refuses fewer than those). Saving and deleting run
 * as the record machine's actions, which reload the departures after each.
 */
export default function DeparturesEditor() {
  const qs = new URLSearchParams(useSearch());
  const kind: PackageKind | null = qs.get('kind') === 'umrah' ? 'umrah' : qs.get('kind') === 'holiday' ? 'holiday' : null;
  const id = Number(qs.get('id'));
  return kind && id > 0 ? <Departures kind={kind} id={id} /> : <PackagePicker />;
}

function PackagePicker() {
  const { t, i18n } = useTranslation();
  const umrah = useRecordOf((signal) => listUmrah(PAGE, signal), 'umrah');
  const holidays = useRecordOf((signal) => listHolidays(PAGE, signal), 'holidays');
  const name = (p: { title: string; title_ar: string | null }) => (i18n.language === 'ar' && p.title_ar) || p.title;
  return (
    <section>
      <PageHeader title={t('packageBookings.departuresTitle')} subtitle={t('packageBookings.departuresPick')} />
      <div className="card pk-choice">
        <h2>{t('packageBookings.kind.umrah')}</h2>
        <ul>{(umrah.data ?? []).map((p) => <li key={p.id}><Link href={`/admin/package-departures?kind=umrah&id=${p.id}`}>{name(p)}</Link></li>)}</ul>
        <h2>{t('packageBookings.kind.holiday')}</h2>
        <ul>{(holidays.data ?? []).map((p) => <li key={p.id}><Link href={`/admin/package-departures?kind=holiday&id=${p.id}`}>{name(p)}</Link></li>)}</ul>
      </div>
    </section>
  );
}

function Departures({ kind, id }: { kind: PackageKind; id: number }) {
  const { t, i18n } = useTranslation();
  const record = useRecord<PackageOffer>((_, signal) => loadPackageOffer(kind, id, signal), `${kind}-${id}`, async (a, signal) => {
    const p = a.payload as { id: number | null } & Draft;
    const res = a.action === 'delete' ? await deleteDeparture(p.id!, signal) : await saveDeparture({ kind, package_id: id, departure_date: p.departure_date, seats_total: p.seats_total }, p.id, signal);
    return { message: res.message };
  });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const offer = record.data;
  const busy = record.snapshot.matches('acting') || record.snapshot.matches('loading');
  const errors = record.snapshot.context.fieldErrors;
  // The new row's draft is keyed by how many departures there are, so it comes back blank once one is added.
  const keyOf = (d: PackageDeparture | null) => (d ? String(d.id) : `new-${offer?.departures.length ?? 0}`);
  const draftOf = (d: PackageDeparture | null): Draft => drafts[keyOf(d)] ?? (d ? { departure_date: d.departure_date, seats_total: String(d.seats_total) } : { departure_date: '', seats_total: '40' });
  const edit = (key: string, patch: Partial<Draft>, d: PackageDeparture | null) => setDrafts({ ...drafts, [key]: { ...draftOf(d), ...patch } });
  const act = (action: 'save' | 'delete', d: PackageDeparture | null) => record.send({ type: 'ACT', action, payload: { id: d?.id ?? null, ...draftOf(d) }, confirm: action === 'delete' });
  const err = (k: string) => (errors[k] ? <span className="field-error" role="alert">{translateServer(errors[k])}</span> : null);
  const row = (d: PackageDeparture | null) => {
    const key = keyOf(d);
    const draft = draftOf(d);
    return (
      <tr key={key} data-testid={d ? `departure-row-${d.departure_date}` : 'departure-row-new'}>
        <td><input className="field-input" type="date" value={draft.departure_date} aria-label={t('packageBookings.departure')} onChange={(e) => edit(key, { departure_date: e.target.value }, d)} /></td>
        <td><input className="field-input" type="number" min={1} max={500} value={draft.seats_total} aria-label={t('packageBookings.seatsTotal')} onChange={(e) => edit(key, { seats_total: e.target.value }, d)} /></td>
        <td className="num">{d ? d.seats_available : '—'}</td>
        <td><div className="pk-row-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => act('save', d)}>{d ? t('packageBookings.save') : t('packageBookings.add')}</button>
          {d ? <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => act('delete', d)}>{t('packageBookings.delete')}</button> : null}
        </div></td>
      </tr>
    );
  };
  return (
    <section>
      <PageHeader title={offer ? ((i18n.language === 'ar' && offer.title_ar) || offer.title) : t('packageBookings.departuresTitle')} subtitle={t('packageBookings.departuresLead')}
        actions={<Link href="/admin/package-departures" className="btn btn-ghost">{t('packageBookings.otherPackage')}</Link>} />
      <div className="card pk-choice">
        {record.snapshot.matches('confirming') ? (
          <Alert primary={{ label: t('packageBookings.yes'), onClick: () => record.send({ type: 'CONFIRM' }) }} secondary={{ label: t('packageBookings.no'), onClick: () => record.send({ type: 'CANCEL' }) }}>
            <p>{t('packageBookings.deleteQuestion', { date: formatDate(String(record.snapshot.context.pending?.payload?.departure_date ?? ''), i18n.language) })}</p>
          </Alert>
        ) : null}
        {err('departure_date')}{err('seats_total')}
        <table className="table pk-departures">
          <thead><tr><th>{t('packageBookings.departure')}</th><th>{t('packageBookings.seatsTotal')}</th><th>{t('packageBookings.seatsLeft')}</th><th /></tr></thead>
          <tbody>{(offer?.departures ?? []).map((d) => row(d))}{row(null)}</tbody>
        </table>
      </div>
    </section>
  );
}
