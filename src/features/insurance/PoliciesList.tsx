import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { POLICY_STATUSES, type InsurancePolicyListRow } from '../../../contract/insurance';
import { DateText, MoneyText } from '../../ui/format';
import { PageHeader } from '../../ui/page';
import { TextInput } from '../../ui/fields';
import { ListFilters, type Column } from '../../ui/table';
import { bookedByColumn } from '../../ui/booked-by';
import { useUser } from '../../app/auth';
import { ResourceTable, useResourceList } from '../../ui/lists';
import { listPolicies, planName } from './api';
import { PolicyStatus } from './PolicyView';
import '../bookings/bookings.css';
import './insurance.css';
import './strings';

/**
 * Policies on the resource-list machine, by status tab and number, paged; a row opens the policy. Staff
 * (/admin/insurance-policies) see every policy with its buyer; an agent (/agent/insurance-policies) its own.
 */
function PoliciesList({ area }: { area: 'admin' | 'agent' }) {
  const { t, i18n } = useTranslation();
  const staff = area === 'admin';
  const user = useUser();
  const [number, setNumber] = useState('');
  const list = useResourceList<InsurancePolicyListRow>({ load: (q, signal) => listPolicies(q, signal) });
  const status = list.query.filters.status ?? '';
  const filter = (filters: Record<string, string>) => list.send({ type: 'FILTER', filters });
  const apply = (e: FormEvent) => { e.preventDefault(); filter({ policy_number: number.trim() }); };
  const columns: Column<InsurancePolicyListRow>[] = [
    { key: 'number', label: t('insurancePolicy.number'), render: (r) => <><Link href={`/${area}/insurance-policy?ref=${encodeURIComponent(r.policy_number)}`} className="bk-pnr" dir="ltr" data-testid="policy-link">{r.policy_number}</Link><span className="bk-sub"><DateText value={r.created_at} time /></span></> },
    { key: 'plan', label: t('insurancePolicy.plan'), render: (r) => <><bdi>{planName(r.plan, i18n.language)}</bdi><span className="bk-sub">{t(`insurance.regions.${r.region}`)}</span></> },
    { key: 'dates', label: t('insurancePolicy.dates'), render: (r) => <><span className="ins-nowrap"><DateText value={r.start_date} /> – <DateText value={r.end_date} /></span><span className="bk-sub">{t('insurancePolicy.travellers', { count: r.travellers.length })}</span></> },
    { key: 'buyer', label: t(staff ? 'insurancePolicy.buyer' : 'insurancePolicy.contact'), render: (r) => !staff ? <bdi dir="ltr">{r.contact.email}</bdi> : r.buyer ? <><bdi>{r.buyer.name}</bdi><span className="bk-sub">{t(`roles.${r.buyer.role}`)}</span></> : <><span className="muted">{t('insurancePolicy.guest')}</span><span className="bk-sub" dir="ltr">{r.contact.email}</span></> },
    ...(staff ? [] : bookedByColumn(list.rows, (r) => r.buyer, user, { label: t('insurancePolicy.boughtBy'), you: t('bookings.bookedByYou') })),
    { key: 'status', label: t('insurancePolicy.statusLabel'), render: (r) => <><PolicyStatus status={r.status} /><span className="bk-sub">{t(`insurancePolicy.method.${r.payment.method}`)}</span></> },
    { key: 'total', label: t('insurancePolicy.total'), align: 'end', render: (r) => <MoneyText value={r.total} /> },
  ];
  return (
    <section className="bk-list">
      <PageHeader title={t('insurancePolicy.adminTitle')} subtitle={t(staff ? 'insurancePolicy.adminSubtitle' : 'insurancePolicy.agentSubtitle')}
        actions={staff ? undefined : <Link href="/travel-insurance" className="btn btn-primary">{t('insurancePolicy.buyTitle')}</Link>} />
      <div className="bk-tabs" role="group" aria-label={t('insurancePolicy.statusLabel')}>
        {(['', ...POLICY_STATUSES] as const).map((s) => (
          <button key={s || 'all'} type="button" className="bk-tab" aria-pressed={status === s} onClick={() => filter({ status: s })}>{s ? t(`insurancePolicy.status.${s}`) : t('insurancePolicy.all')}</button>
        ))}
      </div>
      <ListFilters active={list.query.filters.policy_number ? 1 : 0}>
        <form className="filters" onSubmit={apply} role="search">
          <TextInput name="policy_number" dir="ltr" label={t('insurancePolicy.number')} placeholder="SI-…" value={number} onChange={setNumber} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary">{t('insurancePolicy.apply')}</button>
            <button type="button" className="btn btn-ghost" onClick={() => { setNumber(''); filter({ policy_number: '' }); }}>{t('insurancePolicy.clear')}</button>
          </div>
        </form>
      </ListFilters>
      <ResourceTable list={list} columns={columns} empty={t('insurancePolicy.empty')} caption={t('insurancePolicy.adminTitle')} />
    </section>
  );
}

export const AdminPolicies = () => <PoliciesList area="admin" />;
export const AgentPolicies = () => <PoliciesList area="agent" />;
