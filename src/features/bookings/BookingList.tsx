import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { can } from '../../../contract/permissions';
import { useUser } from '../../app/auth';
import { DataTable, DateText, ListFilters, MoneyText, PageHeader, Pager, SelectInput, TextInput, useLoad, type Column } from '../agents/kit';
import type { Access, BookingStatus } from '../../../machines/booking-actions';
import { ActionPanel } from './ActionPanel';
import { STATUSES, type BookingRow, type ListMetaWithCounts } from './api';
import './bookings.css';

export interface BookingListProps {
  title: string;
  subtitle?: string;
  endpoint: '/get-bookings' | '/get-customer-bookings' | '/get-admin-bookings';
  kind?: string;
  detailsHref: (row: BookingRow) => string;
  /** Only this status (the void queue): no status tabs. */
  onlyStatus?: BookingStatus;
  /** Agent filter taken from ?agent_id= (agent-detail-bookings). */
  agentFromQuery?: boolean;
  actions?: React.ReactNode;
  inlineActions?: boolean;
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
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState({ pnr: '', passenger: '', from: '', to: '', agent_id: p.agentFromQuery ? qs.get('agent_id') ?? '' : '' });
  const [filters, setFilters] = useState(draft);
  const { data, meta, loading, reload } = useLoad<BookingRow[]>(p.endpoint, { ...filters, status, page, per_page: 20, kind: p.kind });
  const counts = (meta as ListMetaWithCounts | null)?.status_counts;
  const agents = useLoad<{ id: number; name: string; company_name: string | null; agent_code: string | null }[]>(staff && p.endpoint !== '/get-customer-bookings' ? '/booking-agents' : null);
  const onReload = useCallback(() => reload(), [reload]);

  function apply(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    setFilters(draft);
  }

  const columns: Column<BookingRow>[] = [
    { key: 'pnr', label: t('bookings.cols.pnr'), render: (r) => <><Link href={p.detailsHref(r)} className="bk-pnr" dir="ltr">{r.pnr}</Link><span className="bk-sub"><DateText value={r.created_at} time /></span></> },
    { key: 'pax', label: t('bookings.cols.passenger'), render: (r) => <>{r.lead_passenger ?? '—'}{r.passengers > 1 ? <span className="bk-sub">{t('bookings.morePax', { count: r.passengers - 1 })}</span> : null}</> },
    { key: 'route', label: t('bookings.cols.route'), render: (r) => <><span className="bk-route" dir="ltr">{r.origin} → {r.destination}</span><span className="bk-sub"><DateText value={r.departure_date} /> · {t(`bookings.flightType.${r.flight_type}`, { defaultValue: r.flight_type })}</span></> },
    ...(staff && p.endpoint !== '/get-customer-bookings' ? [{ key: 'agent', label: t('bookings.cols.agent'), render: (r: BookingRow) => r.agent ? <>{r.agent.company_name ?? r.agent.name}<span className="bk-sub" dir="ltr">{r.agent.agent_code}</span></> : '—' }] : []),
    { key: 'total', label: t('bookings.cols.total'), align: 'end', render: (r) => <><MoneyText value={r.direct ? r.payable : r.total} />{r.direct && Number(r.direct.margin.amount) ? <span className="bk-sub">{t('bookings.marginIncl')}</span> : null}</> },
    { key: 'status', label: t('bookings.cols.status'), render: (r) => <><StatusBadge status={r.status} />{r.offline ? <span className="bk-sub">{t('bookings.offline')}</span> : null}</> },
    ...(p.inlineActions ? [{
      key: 'actions', label: t('bookings.cols.actions'), align: 'end' as const, render: (r: BookingRow) => (
        <ActionPanel compact pnr={r.pnr} onReload={onReload}
          booking={{ id: r.id, status: r.status, access: accessFor(user?.role, true), void_window_open: !!r.void_window_closes_at && Date.parse(r.void_window_closes_at) > Date.now() }} />
      ),
    }] : []),
  ];

  const agentOptions = (agents.data ?? []).map((a) => ({ value: String(a.id), label: `${a.company_name ?? a.name}${a.agent_code ? ` (${a.agent_code})` : ''}` }));
  return (
    <section className="bk-list">
      <PageHeader title={t(p.title)} subtitle={p.subtitle ? t(p.subtitle) : undefined} actions={p.actions} />
      {!p.onlyStatus ? (
        <div className="bk-tabs" role="group" aria-label={t('bookings.cols.status')}>
          {(['', ...STATUSES] as const).map((s) => (
            <button key={s || 'all'} type="button" className="bk-tab" aria-pressed={status === s} onClick={() => { setStatus(s); setPage(1); }}>
              {s ? t(`bookings.status.${s}`) : t('bookings.all')}
              <span className="bk-count">{counts ? counts[(s || 'all') as keyof typeof counts] ?? 0 : '·'}</span>
            </button>
          ))}
        </div>
      ) : null}
      <ListFilters active={Object.values(filters).filter(Boolean).length}>
        <form className="filters" onSubmit={apply} role="search">
          <TextInput name="pnr" label={t('bookings.filters.pnr')} value={draft.pnr} dir="ltr" onChange={(v) => setDraft({ ...draft, pnr: v })} />
          <TextInput name="passenger" label={t('bookings.filters.passenger')} value={draft.passenger} onChange={(v) => setDraft({ ...draft, passenger: v })} />
          <TextInput name="from" type="date" label={t('bookings.filters.from')} value={draft.from} onChange={(v) => setDraft({ ...draft, from: v })} />
          <TextInput name="to" type="date" label={t('bookings.filters.to')} value={draft.to} onChange={(v) => setDraft({ ...draft, to: v })} />
          {agentOptions.length ? <SelectInput name="agent_id" label={t('bookings.filters.agent')} value={draft.agent_id} placeholder={t('bookings.all')} options={agentOptions} onChange={(v) => setDraft({ ...draft, agent_id: v })} /> : null}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">{t('bookings.filters.apply')}</button>
            <button type="button" className="btn btn-ghost" onClick={() => { const empty = { pnr: '', passenger: '', from: '', to: '', agent_id: '' }; setDraft(empty); setFilters(empty); setPage(1); }}>{t('bookings.filters.clear')}</button>
          </div>
        </form>
      </ListFilters>
      <DataTable rows={data} columns={columns} loading={loading} empty={t('bookings.empty')} caption={t(p.title)} />
      <Pager meta={meta} onPage={setPage} />
    </section>
  );
}
