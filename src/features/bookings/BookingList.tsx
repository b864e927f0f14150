import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { routeAirports } from '../../../contract/trip-route';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { DateText, MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { SelectInput, TextInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { bookedByColumn } from '../../ui/booked-by';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { useRecord } from '../../ui/records';
import type { Access, BookingStatus } from '../../../machines/booking-actions';
import { ActionPanel } from './ActionPanel';
import { RefundFigures } from './RefundQuote';
import { agentLabel, listBookingAgents, listBookings, STATUSES, type BookingListSource, type BookingRow, type ListMetaWithCounts } from './api';
import './bookings.css';

export interface BookingListProps {
  title: string;
  subtitle?: string;
  endpoint: BookingListSource;
  kind?: string;
  detailsHref: (row: BookingRow) => string;
  /** Only this status: no status tabs. */
  onlyStatus?: BookingStatus;
  /** The status tabs offered (the void and refund queue: its two statuses); all by default. */
  tabs?: readonly BookingStatus[];
  /** Show the refund the owner was quoted under the status (the void and refund queue). */
  refundColumn?: boolean;
  /** Agent filter taken from ?agent_id= (agent-detail-bookings). */
  agentFromQuery?: boolean;
  actions?: React.ReactNode;
  inlineActions?: boolean;
}

/** The chosen status tab in sight: on a phone the tabs are one row that scrolls sideways. */
function showTab(el: HTMLElement | null) {
  const row = el?.parentElement;
  if (row && row.scrollWidth > row.clientWidth) el!.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`badge badge-${status}`}>{t(`bookings.status.${status}`, { defaultValue: status })}</span>;
}

export function accessFor(role: string | undefined, own: boolean): Access | null {
  if (can(role as never, 'bookings.manage')) return 'manage';
  if (can(role as never, 'bookings.read')) return 'read';
  return own ? 'owner' : null;
}

export function BookingList(p: BookingListProps) {
  const { t } = useTranslation();
  const user = useUser();
  const staff = can(user?.role, 'bookings.read');
  const qs = new URLSearchParams(window.location.search);
  const [status, setStatus] = useState<string>(p.onlyStatus ?? qs.get('status') ?? '');
  const [draft, setDraft] = useState({ pnr: '', passenger: '', from: '', to: '', agent_id: p.agentFromQuery ? qs.get('agent_id') ?? '' : '' });
  const list = useResourceList<BookingRow>({ load: (q, signal) => listBookings(p.endpoint, p.kind, q, signal) }, { filters: { ...draft, status } });
  const counts = (list.snapshot.context.meta as ListMetaWithCounts | null)?.status_counts;
  const withAgents = staff && p.endpoint !== 'customer';
  const agents = useRecord((_, signal) => (withAgents ? listBookingAgents(signal) : Promise.resolve([])));
  const onReload = useCallback(() => list.send({ type: 'RELOAD' }), []); // eslint-disable-line react-hooks/exhaustive-deps
  const filter = (filters: Record<string, string>) => list.send({ type: 'FILTER', filters });

  function apply(e: FormEvent) {
    e.preventDefault();
    filter(draft);
  }

  const columns: Column<BookingRow>[] = [
    { key: 'pnr', label: t('bookings.cols.pnr'), render: (r) => <><Link href={p.detailsHref(r)} className="bk-pnr" dir="ltr">{r.pnr}</Link><span className="bk-sub bk-when"><DateText value={r.created_at} time /></span></> },
    { key: 'pax', label: t('bookings.cols.passenger'), render: (r) => <>{r.lead_passenger ?? '—'}{r.passengers > 1 ? <span className="bk-sub">{t('bookings.morePax', { count: r.passengers - 1 })}</span> : null}</> },
    { key: 'route', label: t('bookings.cols.route'), render: (r) => <><span className="bk-route" dir="ltr">{routeAirports(r).join(' → ')}</span><span className="bk-sub"><DateText value={r.departure_date} /> · {t(`bookings.flightType.${r.flight_type}`, { defaultValue: r.flight_type })}</span></> },
    ...(staff && p.endpoint !== 'customer' ? [{ key: 'agent', label: t('bookings.cols.agent'), render: (r: BookingRow) => r.agent ? <>{r.agent.company_name ?? r.agent.name}<span className="bk-sub" dir="ltr">{r.agent.agent_code}</span></> : '—' }] : []),
    ...(staff ? [] : bookedByColumn(list.rows, (r) => r.agent, user, { label: t('bookings.agentContact.bookedBy'), you: t('bookings.bookedByYou') })),
    { key: 'total', label: t('bookings.cols.total'), align: 'end', render: (r) => <><MoneyText value={r.direct ? r.payable : r.total} />{r.direct && Number(r.direct.margin.amount) ? <span className="bk-sub">{t('bookings.marginIncl')}</span> : null}</> },
    { key: 'status', label: t('bookings.cols.status'), render: (r) => <><StatusBadge status={r.status} />{r.offline ? <span className="bk-sub">{t('bookings.offline')}</span> : null}{p.refundColumn && r.refund_quote ? <RefundFigures quote={r.refund_quote} compact /> : null}</> },
    ...(p.inlineActions ? [{
      key: 'actions', label: t('bookings.cols.actions'), align: 'end' as const, render: (r: BookingRow) => (
        <ActionPanel compact pnr={r.pnr} onReload={onReload}
          booking={{ id: r.id, status: r.status, access: accessFor(user?.role, true), void_window_open: !!r.void_window_closes_at && Date.parse(r.void_window_closes_at) > Date.now() }} />
      ),
    }] : []),
  ];

  const agentOptions = (agents.data ?? []).map((a) => ({ value: String(a.id), label: agentLabel(a) }));
  // The counts arrive after the tabs and widen them: the chosen tab is brought back into sight when they do.
  const tabsRef = useRef<HTMLDivElement>(null);
  useEffect(() => { showTab(tabsRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? null); }, [counts, status]);
  return (
    <section className="bk-list">
      <PageHeader title={t(p.title)} subtitle={p.subtitle ? t(p.subtitle) : undefined} actions={p.actions} />
      {!p.onlyStatus ? (
        <div className="bk-tabs" ref={tabsRef} role="group" aria-label={t('bookings.cols.status')}>
          {(['', ...(p.tabs ?? STATUSES)] as const).map((s) => (
            <button key={s || 'all'} type="button" className="bk-tab" aria-pressed={status === s} ref={status === s ? showTab : undefined} onClick={(e) => { setStatus(s); filter({ status: s }); showTab(e.currentTarget); }}>
              {s ? t(`bookings.status.${s}`) : t('bookings.all')}
              <span className="bk-count">{counts ? counts[(s || 'all') as keyof typeof counts] ?? 0 : '·'}</span>
            </button>
          ))}
        </div>
      ) : null}
      <ListFilters active={['pnr', 'passenger', 'from', 'to', 'agent_id'].filter((k) => list.query.filters[k]).length}>
        <form className="filters" onSubmit={apply} role="search">
          <TextInput name="pnr" label={t('bookings.filters.pnr')} value={draft.pnr} dir="ltr" onChange={(v) => setDraft({ ...draft, pnr: v })} />
          <TextInput name="passenger" label={t('bookings.filters.passenger')} value={draft.passenger} onChange={(v) => setDraft({ ...draft, passenger: v })} />
          <TextInput name="from" type="date" label={t('bookings.filters.from')} value={draft.from} onChange={(v) => setDraft({ ...draft, from: v })} />
          <TextInput name="to" type="date" label={t('bookings.filters.to')} value={draft.to} onChange={(v) => setDraft({ ...draft, to: v })} />
          {agentOptions.length ? <SelectInput name="agent_id" label={t('bookings.filters.agent')} value={draft.agent_id} placeholder={t('bookings.all')} options={agentOptions} onChange={(v) => setDraft({ ...draft, agent_id: v })} /> : null}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">{t('bookings.filters.apply')}</button>
            <button type="button" className="btn btn-ghost" onClick={() => { const empty = { pnr: '', passenger: '', from: '', to: '', agent_id: '' }; setDraft(empty); filter(empty); }}>{t('bookings.filters.clear')}</button>
          </div>
        </form>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={t('bookings.empty')} caption={t(p.title)} />
    </section>
  );
}
