import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { PACKAGE_BOOKING_STATUSES, type PackageBookingListRow } from '../../../contract/package-bookings';
import { useUser } from '../../app/auth';
import { bookedByColumn } from '../../ui/booked-by';
import { DateText, MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { SelectInput, TextInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { ReaderText } from '../public/catalogue/localized';
import { listPackageBookings } from './api';
import { PackagePlace } from './place';
import '../bookings/bookings.css';
import './package-bookings.css';
import './strings';

const BLANK = { reference: '', kind: '', from: '', to: '' };

export interface PackageBookingsListProps {
  /** Dictionary keys of the page's title and the line under it. */
  title: string;
  subtitle: string;
  /** The page a row opens, given the booking's reference. */
  detailsPath: string;
}

/**
 * Package bookings on the resource-list machine, by status, kind, reference and departure dates, as the server
 * scopes them to the reader (staff: all; an agency: its own and its users'; a user: their own); a row opens the
 * booking, and says who booked it once the list holds another's.
 */
export function PackageBookingsList(p: PackageBookingsListProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(BLANK);
  const list = useResourceList<PackageBookingListRow>({ load: (q, signal) => listPackageBookings(q, signal) });
  const status = list.query.filters.status ?? '';
  const filter = (filters: Record<string, string>) => list.send({ type: 'FILTER', filters });
  const set = (field: keyof typeof BLANK) => (value: string) => setDraft({ ...draft, [field]: value });
  const apply = (e: FormEvent) => { e.preventDefault(); filter(draft); };
  const user = useUser();
  const columns: Column<PackageBookingListRow>[] = [
    { key: 'reference', label: t('packageBookings.reference'), render: (r) => <><Link href={`${p.detailsPath}?reference=${encodeURIComponent(r.reference)}`} className="bk-pnr" dir="ltr" data-testid="package-booking-link">{r.reference}</Link><span className="bk-sub"><DateText value={r.created_at} time /></span></> },
    { key: 'package', label: t('packageBookings.package'), render: (r) => <><ReaderText en={r.package.title} ar={r.package.title_ar} /><span className="bk-sub">{t(`packageBookings.kind.${r.kind}`)} · <PackagePlace item={r.package} /></span></> },
    { key: 'departure', label: t('packageBookings.departure'), render: (r) => <DateText value={r.departure_date} /> },
    { key: 'party', label: t('packageBookings.travellers'), render: (r) => <>{r.travellers.length}<span className="bk-sub">{t(`packageBookings.sharing.${r.sharing}`)}</span></> },
    ...bookedByColumn(list.rows, (r) => r.booked_by, user, { label: t('bookings.agentContact.bookedBy'), you: t('bookings.bookedByYou') }),
    { key: 'status', label: t('packageBookings.statusLabel'), render: (r) => <><span className={`pk-status is-${r.status}`}>{t(`packageBookings.status.${r.status}`)}</span><span className="bk-sub">{t(`packageBookings.method.${r.payment.method}`)}</span></> },
    { key: 'total', label: t('packageBookings.total'), align: 'end', render: (r) => <MoneyText value={r.total} /> },
  ];
  return (
    <section className="bk-list">
      <PageHeader title={t(p.title)} subtitle={t(p.subtitle)} />
      <div className="bk-tabs" role="group" aria-label={t('packageBookings.statusLabel')}>
        {(['', ...PACKAGE_BOOKING_STATUSES] as const).map((s) => (
          <button key={s || 'all'} type="button" className="bk-tab" aria-pressed={status === s} onClick={() => filter({ status: s })}>{s ? t(`packageBookings.status.${s}`) : t('packageBookings.all')}</button>
        ))}
      </div>
      <ListFilters active={Object.keys(BLANK).filter((k) => list.query.filters[k]).length}>
        <form className="filters" onSubmit={apply} role="search">
          <TextInput name="reference" dir="ltr" label={t('packageBookings.reference')} placeholder="PK-…" value={draft.reference} onChange={set('reference')} />
          <SelectInput name="kind" label={t('packageBookings.package')} value={draft.kind} placeholder={t('packageBookings.all')} options={[{ value: 'umrah', label: t('packageBookings.kind.umrah') }, { value: 'holiday', label: t('packageBookings.kind.holiday') }]} onChange={set('kind')} />
          <TextInput name="from" type="date" label={t('packageBookings.from')} value={draft.from} onChange={set('from')} />
          <TextInput name="to" type="date" label={t('packageBookings.to')} value={draft.to} onChange={set('to')} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">{t('packageBookings.apply')}</button>
            <button type="button" className="btn btn-ghost" onClick={() => { setDraft(BLANK); filter(BLANK); }}>{t('packageBookings.clear')}</button>
          </div>
        </form>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={t('packageBookings.empty')} caption={t(p.title)} />
    </section>
  );
}
