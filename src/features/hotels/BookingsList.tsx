import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { HOTEL_BOOKING_STATUSES, type HotelBookingListRow } from '../../../contract/hotels';
import { DateText, MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { SelectInput, TextInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { bookedByColumn } from '../../ui/booked-by';
import { useUser } from '../../app/auth';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { listHotelBookings } from './api';
import { HotelStatus } from './Status';
import '../bookings/bookings.css';
import './booking-rows.css';
import './strings';

/**
 * A list of hotel bookings on the resource-list machine: status tabs, filters by check-in dates (staff also by
 * reference and agent), paging, each row opening the booking page where it can be canceled. The machine holds
 * the query; the view keeps only the filter fields being typed until they are applied.
 */
export interface HotelBookingsListProps {
  title: string;
  subtitle: string;
  /** Where a row opens (the booking page of the area). */
  detailsHref: (row: HotelBookingListRow) => string;
  /** Staff: the agent column and the reference and agent filters. */
  agents?: { value: string; label: string }[];
  actions?: ReactNode;
}

const BLANK = { reference: '', from: '', to: '', agent_id: '' };

const guestsOf = (r: HotelBookingListRow) => r.rooms.reduce((n, room) => n + room.adults + (room.children_ages?.length ?? 0), 0);

export function HotelBookingsList(p: HotelBookingsListProps) {
  const { t } = useTranslation();
  const staff = !!p.agents;
  const user = useUser();
  const [draft, setDraft] = useState(BLANK);
  const list = useResourceList<HotelBookingListRow>({ load: (q, signal) => listHotelBookings(q, signal) });
  const status = list.query.filters.status ?? '';
  const filter = (filters: Record<string, string>) => list.send({ type: 'FILTER', filters });
  const set = (field: keyof typeof BLANK) => (value: string) => setDraft({ ...draft, [field]: value });
  const apply = (e: FormEvent) => { e.preventDefault(); filter(draft); };

  const columns: Column<HotelBookingListRow>[] = [
    { key: 'reference', label: t('hotels.lists.reference'), render: (r) => <><Link href={p.detailsHref(r)} className="bk-pnr" dir="ltr" data-testid="hotel-booking-link">{r.reference}</Link><span className="bk-sub"><DateText value={r.created_at} time /></span></> },
    { key: 'hotel', label: t('hotels.lists.hotel'), className: 'hb-hotel', render: (r) => <><bdi>{r.hotel.name}</bdi><span className="bk-sub"><bdi>{r.hotel.city}</bdi></span></> },
    { key: 'stay', label: t('hotels.lists.stay'), render: (r) => <><span className="hb-nowrap"><DateText value={r.check_in} /> – <DateText value={r.check_out} /></span><span className="bk-sub">{t('hotels.nights', { count: r.nights })}</span></> },
    { key: 'party', label: t('hotels.lists.party'), render: (r) => <>{t('hotels.search.roomCount', { count: r.rooms.length })}<span className="bk-sub">{t('hotels.search.guestCount', { count: guestsOf(r) })}</span></> },
    ...(staff ? [{ key: 'agent', label: t('hotels.lists.agent'), render: (r: HotelBookingListRow) => r.agent ? <><bdi>{r.agent.company_name ?? r.agent.name}</bdi><span className="bk-sub"><bdi dir="ltr">{r.agent.agent_code}</bdi></span></> : <span className="muted">{t('hotels.lists.customer')}</span> }] : []),
    ...(staff ? [] : bookedByColumn(list.rows, (r) => r.agent, user, { label: t('bookings.agentContact.bookedBy'), you: t('bookings.bookedByYou') })),
    { key: 'status', label: t('hotels.lists.status'), render: (r) => <><HotelStatus status={r.status} /><span className="bk-sub">{t(`hotels.payment.${r.payment.method}`)}</span></> },
    { key: 'total', label: t('hotels.lists.total'), align: 'end', render: (r) => <MoneyText value={r.total} /> },
  ];

  return (
    <section className="bk-list">
      <PageHeader title={t(p.title)} subtitle={t(p.subtitle)} actions={p.actions} />
      <div className="bk-tabs" role="group" aria-label={t('hotels.lists.status')}>
        {(['', ...HOTEL_BOOKING_STATUSES] as const).map((s) => (
          <button key={s || 'all'} type="button" className="bk-tab" aria-pressed={status === s} onClick={() => filter({ status: s })}>
            {s ? t(`hotels.status.${s}`) : t('hotels.lists.all')}
          </button>
        ))}
      </div>
      <ListFilters active={Object.keys(BLANK).filter((k) => list.query.filters[k]).length}>
        <form className="filters" onSubmit={apply} role="search">
          {staff ? <TextInput name="reference" dir="ltr" label={t('hotels.lists.reference')} placeholder="HTL-…" value={draft.reference} onChange={set('reference')} /> : null}
          <TextInput name="from" type="date" label={t('hotels.lists.from')} value={draft.from} onChange={set('from')} />
          <TextInput name="to" type="date" label={t('hotels.lists.to')} value={draft.to} onChange={set('to')} />
          {staff ? <SelectInput name="agent_id" label={t('hotels.lists.agent')} value={draft.agent_id} placeholder={t('hotels.lists.all')} options={p.agents ?? []} onChange={set('agent_id')} /> : null}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">{t('hotels.lists.apply')}</button>
            <button type="button" className="btn btn-ghost" onClick={() => { setDraft(BLANK); filter(BLANK); }}>{t('hotels.lists.clear')}</button>
          </div>
        </form>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={t('hotels.lists.empty')} caption={t(p.title)} />
    </section>
  );
}
